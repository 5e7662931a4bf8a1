-- Hosting and promotion requests, Promotion Settings and the spaces' district fields (issue 16).
-- A space's district fields (spec §3 Space metadata: districtId, districtSubdomain,
-- publishedPublicDistricts, publishedPrivateDistricts) are kept on the scene row by the triggers
-- below, like the rank and counters, so every read (viewer, search, cards, files, live rooms) has
-- them without a join, and the access rule can refuse a private district's spaces to outsiders
-- (district_private) inside the same partial indexes it already walks.
ALTER TABLE "districts" ADD COLUMN "promotion_requests_open" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "districts" ADD COLUMN "promoted_on_home" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "districts" ADD CONSTRAINT "districts_promoted_on_home_ck" CHECK ("promoted_on_home" BETWEEN 0 AND 12);--> statement-breakpoint
CREATE TABLE "district_space_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"district_id" uuid NOT NULL,
	"scene_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requester_id" uuid NOT NULL,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "district_space_requests_kind_ck" CHECK ("kind" IN ('hosting', 'promotion')),
	CONSTRAINT "district_space_requests_status_ck" CHECK ("status" IN ('pending', 'accepted', 'refused'))
);--> statement-breakpoint
ALTER TABLE "district_space_requests" ADD CONSTRAINT "district_space_requests_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_space_requests" ADD CONSTRAINT "district_space_requests_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_space_requests" ADD CONSTRAINT "district_space_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_space_requests" ADD CONSTRAINT "district_space_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- One request per space, district and kind: a replayed request finds it; a refused one is re-opened.
CREATE UNIQUE INDEX "district_space_requests_uq" ON "district_space_requests" USING btree ("district_id","scene_id","kind");--> statement-breakpoint
CREATE INDEX "district_space_requests_list_idx" ON "district_space_requests" USING btree ("district_id","kind","status","created_at");--> statement-breakpoint
CREATE INDEX "district_space_requests_scene_idx" ON "district_space_requests" USING btree ("scene_id");--> statement-breakpoint
ALTER TABLE "scenes" ADD COLUMN "district_id" uuid;--> statement-breakpoint
ALTER TABLE "scenes" ADD COLUMN "district_subdomain" text;--> statement-breakpoint
ALTER TABLE "scenes" ADD COLUMN "district_private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scenes" ADD COLUMN "published_public_districts" uuid[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "scenes" ADD COLUMN "published_private_districts" uuid[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "scenes" ADD CONSTRAINT "scenes_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scenes_district_idx" ON "scenes" USING btree ("district_id") WHERE "district_id" IS NOT NULL;--> statement-breakpoint
-- Recomputes one space's district fields from the slot that holds it and its accepted hostings.
CREATE OR REPLACE FUNCTION atrium_scene_districts(sid uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE home uuid;
BEGIN
  IF sid IS NULL THEN RETURN; END IF;
  SELECT district_id INTO home FROM slots WHERE scene_id = sid;
  UPDATE scenes s SET
    district_id = d.id,
    district_subdomain = d.subdomain,
    district_private = coalesce(NOT d.public, false),
    published_public_districts = array(SELECT x.id FROM districts x WHERE x.public AND (x.id = home OR x.id IN (
      SELECT r.district_id FROM district_space_requests r WHERE r.scene_id = sid AND r.kind = 'hosting' AND r.status = 'accepted')) ORDER BY x.id),
    published_private_districts = array(SELECT x.id FROM districts x WHERE NOT x.public AND (x.id = home OR x.id IN (
      SELECT r.district_id FROM district_space_requests r WHERE r.scene_id = sid AND r.kind = 'hosting' AND r.status = 'accepted')) ORDER BY x.id)
  FROM (SELECT NULL::int AS one) o LEFT JOIN districts d ON d.id = home
  WHERE s.id = sid;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION atrium_scene_districts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'districts' THEN
    PERFORM atrium_scene_districts(x.scene_id) FROM (
      SELECT scene_id FROM slots WHERE district_id = NEW.id AND scene_id IS NOT NULL
      UNION SELECT scene_id FROM district_space_requests WHERE district_id = NEW.id AND kind = 'hosting' AND status = 'accepted') x;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM atrium_scene_districts(OLD.scene_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.scene_id IS DISTINCT FROM OLD.scene_id) THEN PERFORM atrium_scene_districts(NEW.scene_id); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER slots_scene_districts AFTER INSERT OR DELETE OR UPDATE OF scene_id, district_id ON slots FOR EACH ROW EXECUTE FUNCTION atrium_scene_districts_sync();--> statement-breakpoint
CREATE TRIGGER district_requests_scene_districts AFTER INSERT OR DELETE OR UPDATE OF status ON district_space_requests FOR EACH ROW EXECUTE FUNCTION atrium_scene_districts_sync();--> statement-breakpoint
CREATE TRIGGER districts_scene_districts AFTER UPDATE OF public, subdomain ON districts FOR EACH ROW EXECUTE FUNCTION atrium_scene_districts_sync();--> statement-breakpoint
-- scene_rank.listed is what signed-out Recommended reads alone: a private district's space is never listed.
CREATE OR REPLACE FUNCTION atrium_scene_rank_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state = 'Published' THEN
    INSERT INTO scene_rank (scene_id, creator_id, listed, score, refreshed_at)
    VALUES (NEW.id, NEW.creator_id, NEW.visible AND NEW.published_public AND NOT NEW.district_private,
      atrium_recommend_score(NEW.likes_count, NEW.views_count, coalesce(NEW.published_at, NEW.created_at), now()), now())
    ON CONFLICT (scene_id) DO UPDATE SET creator_id = excluded.creator_id, listed = excluded.listed, score = excluded.score, refreshed_at = excluded.refreshed_at;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM scene_rank WHERE scene_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS scenes_rank_sync ON scenes;--> statement-breakpoint
CREATE TRIGGER scenes_rank_sync AFTER INSERT OR UPDATE OF state, likes_count, views_count, published_at, creator_id, visible, published_public, district_private ON scenes
FOR EACH ROW EXECUTE FUNCTION atrium_scene_rank_sync();--> statement-breakpoint
SELECT atrium_scene_districts(scene_id) FROM slots WHERE district_id IS NOT NULL AND scene_id IS NOT NULL;
