CREATE INDEX "scenes_tags_idx" ON "scenes" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "scene_likes_created_idx" ON "scene_likes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "scene_views_viewed_idx" ON "scene_views" USING btree ("viewed_at");