CREATE TABLE "scenes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid,
	"creator_id" uuid,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"cover_photo_uri" text,
	"thumbnail_uri" text,
	"space_template_id" text,
	"state" text DEFAULT 'Draft' NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"published_public" boolean DEFAULT false NOT NULL,
	"content" jsonb NOT NULL,
	"content_version" integer DEFAULT 1 NOT NULL,
	"published_content" jsonb,
	"published_content_version" integer,
	"demo_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "scenes_demo_key_unique" UNIQUE("demo_key")
);
--> statement-breakpoint
CREATE INDEX "scenes_owner_idx" ON "scenes" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "scenes_published_idx" ON "scenes" USING btree ("state","published_at");