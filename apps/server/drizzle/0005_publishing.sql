-- array_to_string is only STABLE, so a generated column cannot call it; this wrapper is IMMUTABLE.
CREATE OR REPLACE FUNCTION atrium_tags_text(text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT coalesce(array_to_string($1, ' '), '') $$;
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scene_acl" (
	"scene_id" uuid NOT NULL,
	"list" text NOT NULL,
	"principal_type" text NOT NULL,
	"principal_id" uuid NOT NULL,
	CONSTRAINT "scene_acl_scene_id_list_principal_type_principal_id_pk" PRIMARY KEY("scene_id","list","principal_type","principal_id")
);
--> statement-breakpoint
CREATE TABLE "scene_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"scene_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"parent_id" uuid,
	"body" text NOT NULL,
	"edited" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scene_favourites" (
	"user_id" uuid NOT NULL,
	"scene_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scene_favourites_user_id_scene_id_pk" PRIMARY KEY("user_id","scene_id")
);
--> statement-breakpoint
CREATE TABLE "scene_likes" (
	"scene_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scene_likes_scene_id_user_id_pk" PRIMARY KEY("scene_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "scene_views" (
	"id" uuid PRIMARY KEY NOT NULL,
	"scene_id" uuid NOT NULL,
	"visitor_key" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"plan_index" integer,
	"scene_id" uuid,
	"expires_at" timestamp with time zone,
	"expiry_handled_at" timestamp with time zone,
	"product_id" text,
	"price_coin" integer,
	"district_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_history" (
	"user_id" uuid NOT NULL,
	"scene_id" uuid NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_history_user_id_scene_id_pk" PRIMARY KEY("user_id","scene_id")
);
--> statement-breakpoint
ALTER TABLE "scenes" ADD COLUMN "comments_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "scenes" ADD COLUMN "adult_content" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scenes" ADD COLUMN "photo_gallery" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "scenes" ADD COLUMN "privacy_acl_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scenes" ADD COLUMN "communication_acl_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scenes" ADD COLUMN "likes_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scenes" ADD COLUMN "views_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scenes" ADD COLUMN "comments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scenes" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', atrium_tags_text(tags)), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_acl" ADD CONSTRAINT "scene_acl_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_comments" ADD CONSTRAINT "scene_comments_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_comments" ADD CONSTRAINT "scene_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_favourites" ADD CONSTRAINT "scene_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_favourites" ADD CONSTRAINT "scene_favourites_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_likes" ADD CONSTRAINT "scene_likes_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_likes" ADD CONSTRAINT "scene_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_views" ADD CONSTRAINT "scene_views_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_history" ADD CONSTRAINT "visit_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_history" ADD CONSTRAINT "visit_history_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "scene_acl_principal_idx" ON "scene_acl" USING btree ("principal_id","list");--> statement-breakpoint
CREATE INDEX "scene_comments_scene_idx" ON "scene_comments" USING btree ("scene_id","parent_id","created_at");--> statement-breakpoint
CREATE INDEX "scene_comments_user_idx" ON "scene_comments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "scene_favourites_user_idx" ON "scene_favourites" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "scene_likes_user_idx" ON "scene_likes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "scene_views_visitor_idx" ON "scene_views" USING btree ("scene_id","visitor_key","viewed_at");--> statement-breakpoint
CREATE INDEX "slots_owner_idx" ON "slots" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "slots_scene_uq" ON "slots" USING btree ("scene_id");--> statement-breakpoint
CREATE UNIQUE INDEX "slots_trial_uq" ON "slots" USING btree ("owner_id") WHERE kind = 'trial';--> statement-breakpoint
CREATE UNIQUE INDEX "slots_plan_uq" ON "slots" USING btree ("owner_id","plan_index") WHERE kind = 'plan';--> statement-breakpoint
CREATE INDEX "slots_expiry_idx" ON "slots" USING btree ("expires_at") WHERE scene_id is not null and expiry_handled_at is null;--> statement-breakpoint
CREATE INDEX "visit_history_user_idx" ON "visit_history" USING btree ("user_id","visited_at");--> statement-breakpoint
CREATE INDEX "scenes_search_idx" ON "scenes" USING gin ("search");--> statement-breakpoint
CREATE INDEX "scenes_listed_date_idx" ON "scenes" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE state = 'Published' and visible and published_public;--> statement-breakpoint
CREATE INDEX "scenes_listed_likes_idx" ON "scenes" USING btree ("likes_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE state = 'Published' and visible and published_public;--> statement-breakpoint
CREATE INDEX "scenes_listed_views_idx" ON "scenes" USING btree ("views_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE state = 'Published' and visible and published_public;