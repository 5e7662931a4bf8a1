ALTER TABLE "scene_rank" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Signed-out Recommended pages walk this index alone: listed (published, visible and public) is carried
-- on the rank row, so finding a page never reads the wide scene rows (bench/explore.bench.ts, 1M spaces).
CREATE INDEX "scene_rank_listed_idx" ON "scene_rank" USING btree ("score" DESC NULLS LAST,"scene_id" DESC NULLS LAST) WHERE listed;--> statement-breakpoint
-- Same sync as 0010, now also carrying listed (and following changes of visibility and audience).
CREATE OR REPLACE FUNCTION atrium_scene_rank_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state = 'Published' THEN
    INSERT INTO scene_rank (scene_id, creator_id, listed, score, refreshed_at)
    VALUES (NEW.id, NEW.creator_id, NEW.visible AND NEW.published_public,
      atrium_recommend_score(NEW.likes_count, NEW.views_count, coalesce(NEW.published_at, NEW.created_at), now()), now())
    ON CONFLICT (scene_id) DO UPDATE SET creator_id = excluded.creator_id, listed = excluded.listed, score = excluded.score, refreshed_at = excluded.refreshed_at;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM scene_rank WHERE scene_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS scenes_rank_sync ON scenes;--> statement-breakpoint
CREATE TRIGGER scenes_rank_sync AFTER INSERT OR UPDATE OF state, likes_count, views_count, published_at, creator_id, visible, published_public ON scenes
FOR EACH ROW EXECUTE FUNCTION atrium_scene_rank_sync();--> statement-breakpoint
UPDATE scene_rank r SET listed = s.visible AND s.published_public FROM scenes s WHERE s.id = r.scene_id;
