CREATE TABLE "scene_rank" (
	"scene_id" uuid PRIMARY KEY NOT NULL,
	"score" double precision NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scene_rank" ADD CONSTRAINT "scene_rank_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scene_rank_score_idx" ON "scene_rank" USING btree ("score" DESC NULLS LAST,"scene_id" DESC NULLS LAST);--> statement-breakpoint
-- The global part of Explore's Recommended ranking (modules/explore/CONTEXT.md): damped popularity plus
-- a recency boost that fades over weeks. IMMUTABLE because the reference time is an argument.
CREATE OR REPLACE FUNCTION atrium_recommend_score(likes integer, views integer, published timestamptz, at timestamptz)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 2.0 * ln(1 + greatest(likes, 0)) + ln(1 + greatest(views, 0))
       + 3.0 * exp(-greatest(extract(epoch FROM (at - published)), 0) / (86400.0 * 14))
$$;--> statement-breakpoint
-- Keeps scene_rank in step with every write path (likes, views, publish, unpublish, seeds) in the
-- writer's own transaction.
CREATE OR REPLACE FUNCTION atrium_scene_rank_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state = 'Published' THEN
    INSERT INTO scene_rank (scene_id, score, refreshed_at)
    VALUES (NEW.id, atrium_recommend_score(NEW.likes_count, NEW.views_count, coalesce(NEW.published_at, NEW.created_at), now()), now())
    ON CONFLICT (scene_id) DO UPDATE SET score = excluded.score, refreshed_at = excluded.refreshed_at;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM scene_rank WHERE scene_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER scenes_rank_sync AFTER INSERT OR UPDATE OF state, likes_count, views_count, published_at ON scenes
FOR EACH ROW EXECUTE FUNCTION atrium_scene_rank_sync();--> statement-breakpoint
INSERT INTO scene_rank (scene_id, score)
SELECT id, atrium_recommend_score(likes_count, views_count, coalesce(published_at, created_at), now()) FROM scenes WHERE state = 'Published';
