-- Card details (issue 15, spec §7 getuserslastcarddetails and updatepaymentmethod/subscription): the
-- card a person last paid with or saved (brand, last 4, expiry; never the number), the card each
-- payment was made with (receipts show its last 4), and setup-mode checkouts that save a card
-- without charging it.
CREATE TABLE "payment_cards" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"provider_payment_method_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_cards_last4_digits" CHECK (last4 ~ '^[0-9]{4}$'),
	CONSTRAINT "payment_cards_expiry_valid" CHECK (exp_month between 1 and 12 and exp_year between 2000 and 2200)
);
--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD COLUMN "mode" text DEFAULT 'payment' NOT NULL;--> statement-breakpoint
-- The built-in page's card (brand, last 4, expiry) while a confirmation step is pending.
ALTER TABLE "payment_sessions" ADD COLUMN "pending_card" jsonb;--> statement-breakpoint
-- Premium premade spaces (the Premium tier of @atrium/assets' templates, priced at their districtPrice):
-- the editor's template picker sells each one once with credits.
INSERT INTO marketplace_items (id, type, "grant", title, price_coin, max_quantity, sort) VALUES
  ('template-auditorium-m', 'premadeSpace', 'premadeTemplate', 'Auditorium · Medium', 1000, 1, 20),
  ('template-auditorium-l', 'premadeSpace', 'premadeTemplate', 'Auditorium · Large', 1800, 1, 21),
  ('template-classroom-l', 'premadeSpace', 'premadeTemplate', 'Classroom · Large', 900, 1, 22),
  ('template-gallery-l', 'premadeSpace', 'premadeTemplate', 'White Cube Gallery · Large', 1200, 1, 23),
  ('template-loft-l', 'premadeSpace', 'premadeTemplate', 'Industrial Loft · Large', 1200, 1, 24),
  ('template-museum-hall-m', 'premadeSpace', 'premadeTemplate', 'Museum Hall · Medium', 900, 1, 25),
  ('template-museum-hall-l', 'premadeSpace', 'premadeTemplate', 'Museum Hall · Large', 1600, 1, 26),
  ('template-exhibition-pavilion-m', 'premadeSpace', 'premadeTemplate', 'Exhibition Pavilion · Medium', 850, 1, 27),
  ('template-exhibition-pavilion-l', 'premadeSpace', 'premadeTemplate', 'Exhibition Pavilion · Large', 1500, 1, 28),
  ('template-outdoor-plaza-l', 'premadeSpace', 'premadeTemplate', 'Outdoor Plaza · Large', 1500, 1, 29),
  ('template-showroom-l', 'premadeSpace', 'premadeTemplate', 'Brand Showroom · Large', 1300, 1, 30);
