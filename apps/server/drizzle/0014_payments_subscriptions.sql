-- Card checkout (issue 15): sessions any provider opens, the webhook events already handled, the
-- payments that cleared (what a refund refers to), and one subscription per person.
CREATE TABLE "payment_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"client_secret" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"coin_amount" integer DEFAULT 0 NOT NULL,
	"bundle_id" text,
	"price_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"card_status" text DEFAULT 'none' NOT NULL,
	"external_subscription_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payment_sessions_amount_nonnegative" CHECK (amount_minor >= 0 and coin_amount >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"user_id" uuid,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"coin_amount" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"refunded_coin" integer DEFAULT 0 NOT NULL,
	"refunded_minor" integer DEFAULT 0 NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_session_uq" UNIQUE("session_id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"interval" text NOT NULL,
	"status" text NOT NULL,
	"is_canceled" integer DEFAULT 0 NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"canceled_at" timestamp with time zone,
	"provider" text NOT NULL,
	"external_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD CONSTRAINT "payment_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_sessions_user_idx" ON "payment_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("current_period_end") WHERE status <> 'expired';--> statement-breakpoint
-- Premade spaces by size (PREMADE_SPACE_PRICES in packages/shared mirrors these).
INSERT INTO marketplace_items (id, type, "grant", title, price_coin, max_quantity, sort) VALUES
  ('premade-space-small', 'premadeSpace', 'premadeSpace', 'Premade space (small)', 300, 1, 3),
  ('premade-space-medium', 'premadeSpace', 'premadeSpace', 'Premade space (medium)', 600, 1, 4),
  ('premade-space-large', 'premadeSpace', 'premadeSpace', 'Premade space (large)', 1200, 1, 5);
