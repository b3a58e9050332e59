CREATE TABLE "nft_mints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collection_id" uuid NOT NULL,
	"token_id" text NOT NULL,
	"to_address" text NOT NULL,
	"token_uri" text,
	"transaction_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" uuid,
	CONSTRAINT "nft_mints_collection_token_unique" UNIQUE("collection_id","token_id")
);
--> statement-breakpoint
CREATE TABLE "nft_transfer_cursors" (
	"chain_id" integer NOT NULL,
	"contract_address" text NOT NULL,
	"last_block" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nft_transfer_cursors_pk" UNIQUE("chain_id","contract_address")
);
--> statement-breakpoint
CREATE TABLE "pass_apple_registrations" (
	"pass_id" uuid NOT NULL,
	"device_library_identifier" text NOT NULL,
	"push_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pass_apple_registrations_unique" UNIQUE("pass_id","device_library_identifier")
);
--> statement-breakpoint
CREATE TABLE "pass_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pass_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"type" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pass_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pass_policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"wallet_addresses" text[] DEFAULT '{}' NOT NULL,
	"network_code" text,
	"chain_id" integer,
	"contract_address" text,
	"token_ids" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pass_project_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key_prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" uuid,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "pass_project_api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "pass_project_credentials" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"apple_source" text NOT NULL,
	"apple_pass_type_identifier" text NOT NULL,
	"apple_team_identifier" text NOT NULL,
	"apple_signing_encrypted" text NOT NULL,
	"apple_certificate_subject" text NOT NULL,
	"apple_certificate_expires_at" timestamp with time zone NOT NULL,
	"google_source" text NOT NULL,
	"google_issuer_id" text NOT NULL,
	"google_service_account_email" text NOT NULL,
	"google_key_encrypted" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "pass_projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"allowed_domains" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pass_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"style" text DEFAULT 'generic' NOT NULL,
	"organization_name" text NOT NULL,
	"description" text NOT NULL,
	"logo_text" text,
	"colors" jsonb NOT NULL,
	"fields" jsonb NOT NULL,
	"barcode_format" text DEFAULT 'QR' NOT NULL,
	"logo_image_key" text,
	"icon_image_key" text,
	"strip_image_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"policy_ids" uuid[] DEFAULT '{}' NOT NULL,
	"holder_address" text NOT NULL,
	"network_code" text,
	"chain_id" integer,
	"contract_address" text,
	"token_id" text,
	"status" text DEFAULT 'active' NOT NULL,
	"invalidated_reason" text,
	"invalidated_at" timestamp with time zone,
	"serial_number" text NOT NULL,
	"authentication_token_hash" text NOT NULL,
	"barcode_message" text NOT NULL,
	"barcode_format" text NOT NULL,
	"image_key" text,
	"layout" jsonb,
	"external_id" text,
	"signed_message" text NOT NULL,
	"signature" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "passes_serial_number_unique" UNIQUE("serial_number"),
	CONSTRAINT "passes_project_barcode_unique" UNIQUE("project_id","barcode_message")
);
--> statement-breakpoint
ALTER TABLE "nft_collections" ADD COLUMN "symbol" text;--> statement-breakpoint
ALTER TABLE "nft_collections" ADD COLUMN "chain_id" integer;--> statement-breakpoint
ALTER TABLE "nft_collections" ADD COLUMN "deploy_transaction_hash" text;--> statement-breakpoint
ALTER TABLE "nft_collections" ADD COLUMN "deployed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "pass_project_id" uuid;--> statement-breakpoint
ALTER TABLE "nft_mints" ADD CONSTRAINT "nft_mints_collection_id_nft_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."nft_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_mints" ADD CONSTRAINT "nft_mints_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_apple_registrations" ADD CONSTRAINT "pass_apple_registrations_pass_id_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."passes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_events" ADD CONSTRAINT "pass_events_pass_id_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."passes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_events" ADD CONSTRAINT "pass_events_project_id_pass_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."pass_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_nonces" ADD CONSTRAINT "pass_nonces_project_id_pass_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."pass_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_policies" ADD CONSTRAINT "pass_policies_project_id_pass_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."pass_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_project_api_keys" ADD CONSTRAINT "pass_project_api_keys_project_id_pass_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."pass_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_project_api_keys" ADD CONSTRAINT "pass_project_api_keys_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_project_credentials" ADD CONSTRAINT "pass_project_credentials_project_id_pass_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."pass_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_project_credentials" ADD CONSTRAINT "pass_project_credentials_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_projects" ADD CONSTRAINT "pass_projects_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_projects" ADD CONSTRAINT "pass_projects_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_templates" ADD CONSTRAINT "pass_templates_project_id_pass_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."pass_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_project_id_pass_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."pass_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_template_id_pass_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."pass_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nft_mints_collection_idx" ON "nft_mints" USING btree ("collection_id","created_at");--> statement-breakpoint
CREATE INDEX "pass_events_pass_idx" ON "pass_events" USING btree ("pass_id","created_at");--> statement-breakpoint
CREATE INDEX "pass_events_project_idx" ON "pass_events" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "pass_policies_project_idx" ON "pass_policies" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "pass_project_api_keys_project_idx" ON "pass_project_api_keys" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "pass_projects_account_idx" ON "pass_projects" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pass_projects_account_name_unique" ON "pass_projects" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "pass_templates_project_idx" ON "pass_templates" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "passes_project_created_idx" ON "passes" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "passes_project_holder_idx" ON "passes" USING btree ("project_id",lower("holder_address"));--> statement-breakpoint
CREATE INDEX "passes_active_token_idx" ON "passes" USING btree ("chain_id","contract_address","token_id") WHERE status = 'active' and token_id is not null;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_pass_project_id_pass_projects_id_fk" FOREIGN KEY ("pass_project_id") REFERENCES "public"."pass_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhooks_pass_project_idx" ON "webhooks" USING btree ("pass_project_id") WHERE pass_project_id is not null;