CREATE TABLE "dev_idp_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dev_idp_emails" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_idp_phones" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"number" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_idp_sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"to_number" text NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_idp_users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"profile" jsonb NOT NULL,
	"password_hash" text,
	"password_created_at" timestamp with time zone,
	"password_updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sso_issuer" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sso_subject" text;--> statement-breakpoint
ALTER TABLE "dev_idp_challenges" ADD CONSTRAINT "dev_idp_challenges_user_id_dev_idp_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."dev_idp_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dev_idp_emails" ADD CONSTRAINT "dev_idp_emails_user_id_dev_idp_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."dev_idp_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dev_idp_phones" ADD CONSTRAINT "dev_idp_phones_user_id_dev_idp_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."dev_idp_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dev_idp_challenges_target_idx" ON "dev_idp_challenges" USING btree ("target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dev_idp_emails_user_email_unique" ON "dev_idp_emails" USING btree ("user_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "dev_idp_emails_primary_unique" ON "dev_idp_emails" USING btree (lower("email")) WHERE "dev_idp_emails"."role" = 'PRIMARY';--> statement-breakpoint
CREATE UNIQUE INDEX "dev_idp_phones_user_number_unique" ON "dev_idp_phones" USING btree ("user_id","number");--> statement-breakpoint
CREATE INDEX "dev_idp_sms_messages_created_idx" ON "dev_idp_sms_messages" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_sso_subject_unique" ON "users" USING btree ("sso_issuer","sso_subject");