CREATE TABLE "kyb_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"level" text DEFAULT 'Basic' NOT NULL,
	"status" text DEFAULT 'NotStarted' NOT NULL,
	"reason" text,
	"provider" text DEFAULT 'builtin' NOT NULL,
	"company_details" jsonb,
	"questionnaire_version" integer DEFAULT 1 NOT NULL,
	"questionnaire_answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyb_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"decided_by_user_id" uuid,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyb_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"type" text NOT NULL,
	"person_id" uuid,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by_user_id" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyb_people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"role" text NOT NULL,
	"full_name" text NOT NULL,
	"date_of_birth" text NOT NULL,
	"nationality" text NOT NULL,
	"country_of_residence" text NOT NULL,
	"ownership_percentage" numeric(7, 4),
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kyb_applications" ADD CONSTRAINT "kyb_applications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyb_decisions" ADD CONSTRAINT "kyb_decisions_application_id_kyb_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."kyb_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyb_decisions" ADD CONSTRAINT "kyb_decisions_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyb_documents" ADD CONSTRAINT "kyb_documents_application_id_kyb_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."kyb_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyb_documents" ADD CONSTRAINT "kyb_documents_person_id_kyb_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."kyb_people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyb_documents" ADD CONSTRAINT "kyb_documents_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyb_people" ADD CONSTRAINT "kyb_people_application_id_kyb_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."kyb_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kyb_applications_organization_unique" ON "kyb_applications" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "kyb_applications_status_idx" ON "kyb_applications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "kyb_decisions_application_idx" ON "kyb_decisions" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "kyb_documents_application_idx" ON "kyb_documents" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "kyb_people_application_idx" ON "kyb_people" USING btree ("application_id");