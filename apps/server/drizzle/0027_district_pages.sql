-- District pages (issue 16): logo and cover, follows, district groups, and counters Explore sorts by.
ALTER TABLE "districts" ADD COLUMN "photo" text;--> statement-breakpoint
ALTER TABLE "districts" ADD COLUMN "cover_photo" text;--> statement-breakpoint
-- Kept by triggers below, so a page of Explore sorted by members (or showing counts) never counts
-- the member rows of every district (bench/districts.bench.ts: 10,000 districts, 1,000,000 members).
ALTER TABLE "districts" ADD COLUMN "member_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "districts" ADD COLUMN "follower_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "districts" d SET "member_count" = (SELECT count(*) FROM "district_members" m WHERE m."district_id" = d."id");--> statement-breakpoint
CREATE TABLE "district_follows" (
	"district_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "district_follows_pk" PRIMARY KEY("district_id","user_id")
);--> statement-breakpoint
ALTER TABLE "district_follows" ADD CONSTRAINT "district_follows_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_follows" ADD CONSTRAINT "district_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "district_follows_user_idx" ON "district_follows" USING btree ("user_id","created_at");--> statement-breakpoint
-- A district's groups (spec §7 group/district/{id}): owned by the district's Owner, listed on its Groups page.
ALTER TABLE "user_groups" ADD COLUMN "district_id" uuid;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_groups_district_idx" ON "user_groups" USING btree ("district_id","created_at") WHERE "district_id" IS NOT NULL;--> statement-breakpoint
-- Explore Districts sorts (title, members) walk an index over the listed districts only.
CREATE INDEX "districts_explore_title_idx" ON "districts" USING btree (lower("title"),"id") WHERE "public" and "listed" and not "hidden";--> statement-breakpoint
CREATE INDEX "districts_explore_members_idx" ON "districts" USING btree ("member_count" DESC,"id" DESC) WHERE "public" and "listed" and not "hidden";--> statement-breakpoint
CREATE OR REPLACE FUNCTION atrium_district_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'district_members' THEN
    IF TG_OP = 'INSERT' THEN UPDATE districts SET member_count = member_count + 1 WHERE id = NEW.district_id;
    ELSE UPDATE districts SET member_count = member_count - 1 WHERE id = OLD.district_id; END IF;
  ELSE
    IF TG_OP = 'INSERT' THEN UPDATE districts SET follower_count = follower_count + 1 WHERE id = NEW.district_id;
    ELSE UPDATE districts SET follower_count = follower_count - 1 WHERE id = OLD.district_id; END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER district_members_count AFTER INSERT OR DELETE ON district_members FOR EACH ROW EXECUTE FUNCTION atrium_district_counts();--> statement-breakpoint
CREATE TRIGGER district_follows_count AFTER INSERT OR DELETE ON district_follows FOR EACH ROW EXECUTE FUNCTION atrium_district_counts();
