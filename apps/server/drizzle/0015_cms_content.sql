CREATE TABLE "cms_staff" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE "cms_authors" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"picture" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cms_authors_slug_uq" ON "cms_authors" USING btree ("slug");
--> statement-breakpoint
CREATE TABLE "cms_categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cms_categories_slug_uq" ON "cms_categories" USING btree ("slug");
--> statement-breakpoint
CREATE TABLE "cms_articles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"body_html" text NOT NULL,
	"reading_minutes" integer DEFAULT 1 NOT NULL,
	"banner" text,
	"thumbnail" text,
	"author_id" uuid,
	"category_id" uuid,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_articles_author_id_cms_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."cms_authors"("id") ON DELETE set null,
	CONSTRAINT "cms_articles_category_id_cms_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."cms_categories"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cms_articles_slug_uq" ON "cms_articles" USING btree ("slug");
--> statement-breakpoint
CREATE INDEX "cms_articles_listing_idx" ON "cms_articles" USING btree ("kind","status","published_at");
--> statement-breakpoint
CREATE TABLE "cms_glossary" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"term" text NOT NULL,
	"definition" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cms_glossary_slug_uq" ON "cms_glossary" USING btree ("slug");
--> statement-breakpoint
CREATE TABLE "cms_videos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"youtube_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cms_videos_slug_uq" ON "cms_videos" USING btree ("slug");
--> statement-breakpoint
CREATE TABLE "cms_resource_categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"icon" text NOT NULL,
	"external_url" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cms_resource_categories_slug_uq" ON "cms_resource_categories" USING btree ("slug");
