CREATE TABLE "scene_assets" (
	"scene_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	CONSTRAINT "scene_assets_scene_id_asset_id_pk" PRIMARY KEY("scene_id","asset_id")
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "show_content_library" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "scene_assets" ADD CONSTRAINT "scene_assets_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_assets" ADD CONSTRAINT "scene_assets_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scene_assets_asset_idx" ON "scene_assets" USING btree ("asset_id");--> statement-breakpoint
-- Which of its owner's library assets a space's published version uses (any uuid in the document that
-- names an asset of the same owner: file URLs carry the asset id). Kept here so every path that
-- writes published_content (publish, seed, tests, future tools) records it, and an id pasted from
-- someone else's library never counts.
CREATE OR REPLACE FUNCTION atrium_scene_assets_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM scene_assets WHERE scene_id = NEW.id;
  IF NEW.published_content IS NOT NULL AND NEW.owner_id IS NOT NULL THEN
    INSERT INTO scene_assets (scene_id, asset_id)
    SELECT DISTINCT NEW.id, a.id
    FROM regexp_matches(NEW.published_content::text, '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}', 'g') AS m(found)
    JOIN assets a ON a.id = lower(m.found[1])::uuid AND a.owner_id = NEW.owner_id
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER scenes_assets_sync AFTER INSERT OR UPDATE OF published_content, owner_id ON scenes
FOR EACH ROW EXECUTE FUNCTION atrium_scene_assets_sync();--> statement-breakpoint
-- Spaces published before this table existed keep serving their owner's files.
INSERT INTO scene_assets (scene_id, asset_id)
SELECT DISTINCT s.id, a.id
FROM scenes s
CROSS JOIN LATERAL regexp_matches(s.published_content::text, '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}', 'g') AS m(found)
JOIN assets a ON a.id = lower(m.found[1])::uuid AND a.owner_id = s.owner_id
WHERE s.published_content IS NOT NULL
ON CONFLICT DO NOTHING;
