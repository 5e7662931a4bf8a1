CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"balance" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_wallet_nonnegative" CHECK (kind <> 'wallet' or balance >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"reason" text NOT NULL,
	"request_hash" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK (amount <> 0)
);
--> statement-breakpoint
CREATE TABLE "marketplace_items" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"grant" text NOT NULL,
	"title" text NOT NULL,
	"price_coin" integer NOT NULL,
	"max_quantity" integer NOT NULL,
	"for_sale" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "marketplace_items_price_positive" CHECK (price_coin > 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_items" (
	"transaction_id" uuid NOT NULL,
	"item_id" text NOT NULL,
	"user_id" uuid,
	"quantity" integer NOT NULL,
	"price_coin" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_items" ADD CONSTRAINT "purchase_items_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_items" ADD CONSTRAINT "purchase_items_item_id_marketplace_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."marketplace_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_items" ADD CONSTRAINT "purchase_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_uq" ON "ledger_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_uq" ON "ledger_accounts" USING btree ("kind") WHERE kind <> 'wallet';--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "purchase_items_transaction_idx" ON "purchase_items" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "purchase_items_user_idx" ON "purchase_items" USING btree ("user_id");--> statement-breakpoint
-- The system accounts credits move between; wallets are opened on first use.
INSERT INTO ledger_accounts (id, kind) VALUES
  (gen_random_uuid(), 'revenue'),
  (gen_random_uuid(), 'card_clearing'),
  (gen_random_uuid(), 'promotions'),
  (gen_random_uuid(), 'refunds');--> statement-breakpoint
-- The catalogue (spec §9 prices, mirrored by MARKETPLACE.items in packages/shared; a test compares them).
INSERT INTO marketplace_items (id, type, "grant", title, price_coin, max_quantity, sort) VALUES
  ('keep-trial-slot', 'slot', 'keepTrialSlot', 'Keep your trial slot', 600, 1, 0),
  ('extra-slot', 'slot', 'extraSlot', 'Extra publishing slot', 600, 20, 1),
  ('extra-level', 'level', 'extraLevel', 'Extra level', 50, 20, 2);
