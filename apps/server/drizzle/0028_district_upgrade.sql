-- The district upgrade wizard (issue 16): submissions keyed per owner (a free cart posts no ledger
-- transaction, so the key and first answer live here), and premade spaces bought for a district.
CREATE TABLE "district_submissions" (
	"owner_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "district_submissions_pk" PRIMARY KEY("owner_id","idempotency_key")
);--> statement-breakpoint
ALTER TABLE "district_submissions" ADD CONSTRAINT "district_submissions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "district_premade_spaces" (
	"district_id" uuid NOT NULL,
	"space_template_id" text NOT NULL,
	"price_coin" integer NOT NULL,
	"purchased_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "district_premade_spaces_pk" PRIMARY KEY("district_id","space_template_id"),
	CONSTRAINT "district_premade_spaces_price_ck" CHECK ("price_coin" >= 0)
);--> statement-breakpoint
ALTER TABLE "district_premade_spaces" ADD CONSTRAINT "district_premade_spaces_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Paid submissions made before this table kept their key on the ledger transaction: carried over, so their replays still answer.
INSERT INTO "district_submissions" ("owner_id", "idempotency_key", "request_hash", "result", "created_at")
SELECT "user_id", substr("idempotency_key", length('district-submission:' || "user_id"::text || ':') + 1), "request_hash", "result", "created_at"
FROM "ledger_transactions" WHERE "idempotency_key" LIKE 'district-submission:%' AND "user_id" IS NOT NULL
ON CONFLICT DO NOTHING;
