-- Issue 17 languages: other-language versions of FAQs, glossary entries, video tutorials, articles and article categories, keyed by
-- language code ({"fr": {"question": …, "answer": …}}); a language without an entry falls back to the row's English.
ALTER TABLE "faqs" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cms_glossary" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cms_videos" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cms_articles" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cms_categories" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;
