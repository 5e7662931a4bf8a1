ALTER TABLE "scene_rank" ADD COLUMN "creator_id" uuid;--> statement-breakpoint
CREATE INDEX "scene_rank_creator_idx" ON "scene_rank" USING btree ("creator_id","score" DESC NULLS LAST,"scene_id" DESC NULLS LAST);--> statement-breakpoint
-- Same sync as 0008, now also carrying the creator (and following a change of creator).
CREATE OR REPLACE FUNCTION atrium_scene_rank_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state = 'Published' THEN
    INSERT INTO scene_rank (scene_id, creator_id, score, refreshed_at)
    VALUES (NEW.id, NEW.creator_id, atrium_recommend_score(NEW.likes_count, NEW.views_count, coalesce(NEW.published_at, NEW.created_at), now()), now())
    ON CONFLICT (scene_id) DO UPDATE SET creator_id = excluded.creator_id, score = excluded.score, refreshed_at = excluded.refreshed_at;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM scene_rank WHERE scene_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS scenes_rank_sync ON scenes;--> statement-breakpoint
CREATE TRIGGER scenes_rank_sync AFTER INSERT OR UPDATE OF state, likes_count, views_count, published_at, creator_id ON scenes
FOR EACH ROW EXECUTE FUNCTION atrium_scene_rank_sync();--> statement-breakpoint
UPDATE scene_rank r SET creator_id = s.creator_id FROM scenes s WHERE s.id = r.scene_id;
