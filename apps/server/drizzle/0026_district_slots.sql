-- District slots and paid district submission (issue 16). A district slot is a `slots` row of kind
-- 'district' owned by the district's Owner with `district_id` set: the Pro plan's 4 included slots and
-- the ones bought in the setup wizard (product_id, price_coin). Members publish into them by the
-- allocation on district_members.allocated_slots; they never show among the owner's personal slots.
ALTER TABLE "slots" ADD CONSTRAINT "slots_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_district_kind_ck" CHECK (("kind" = 'district') = ("district_id" IS NOT NULL));--> statement-breakpoint
CREATE INDEX "slots_district_idx" ON "slots" USING btree ("district_id","created_at") WHERE "district_id" IS NOT NULL;
