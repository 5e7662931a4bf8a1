CREATE INDEX "scenes_creator_idx" ON "scenes" USING btree ("creator_id");--> statement-breakpoint
-- Explore matches creator names with this expression; an expression index, so it lives here rather than in the users schema.
CREATE INDEX IF NOT EXISTS "users_name_search_idx" ON "users" USING gin (to_tsvector('simple', coalesce("name", '')));
