CREATE TABLE "districts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"subdomain" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"public" boolean DEFAULT true NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"free_space_template_id" text NOT NULL,
	"styles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "district_members" (
	"district_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"allocated_slots" integer DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "district_members_district_id_user_id_pk" PRIMARY KEY("district_id","user_id"),
	CONSTRAINT "district_members_role_ck" CHECK ("role" in ('Owner', 'Creator', 'Guest')),
	CONSTRAINT "district_members_slots_ck" CHECK ("allocated_slots" >= 0)
);
--> statement-breakpoint
CREATE TABLE "district_invitations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"district_id" uuid NOT NULL,
	"inviter_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"invitation_code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "district_invitations_role_ck" CHECK ("role" in ('Creator', 'Guest'))
);
--> statement-breakpoint
ALTER TABLE "districts" ADD CONSTRAINT "districts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_members" ADD CONSTRAINT "district_members_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_members" ADD CONSTRAINT "district_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_invitations" ADD CONSTRAINT "district_invitations_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_invitations" ADD CONSTRAINT "district_invitations_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_invitations" ADD CONSTRAINT "district_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "districts_subdomain_uq" ON "districts" USING btree (lower("subdomain"));--> statement-breakpoint
CREATE INDEX "districts_owner_idx" ON "districts" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "districts_explore_idx" ON "districts" USING btree ("created_at") WHERE "districts"."public" and "districts"."listed" and not "districts"."hidden";--> statement-breakpoint
CREATE INDEX "district_members_user_idx" ON "district_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "district_invitations_district_idx" ON "district_invitations" USING btree ("district_id","created_at");
