CREATE TABLE "blocked_list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocked_list_entries_reason_present" CHECK (length(trim("blocked_list_entries"."reason")) > 0)
);
--> statement-breakpoint
CREATE TABLE "go_live_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"product" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"reason" text,
	"testing_instructions" jsonb,
	"requested_by_user_id" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testing_instructions" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"credentials" text,
	"steps" text NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blocked_list_entries" ADD CONSTRAINT "blocked_list_entries_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "go_live_requests" ADD CONSTRAINT "go_live_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "go_live_requests" ADD CONSTRAINT "go_live_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "go_live_requests" ADD CONSTRAINT "go_live_requests_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_instructions" ADD CONSTRAINT "testing_instructions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_instructions" ADD CONSTRAINT "testing_instructions_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blocked_list_entries_kind_value_unique" ON "blocked_list_entries" USING btree ("kind","value");--> statement-breakpoint
CREATE INDEX "go_live_requests_account_idx" ON "go_live_requests" USING btree ("account_id","product","requested_at");--> statement-breakpoint
CREATE INDEX "go_live_requests_queue_idx" ON "go_live_requests" USING btree ("status","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "go_live_requests_one_open_unique" ON "go_live_requests" USING btree ("account_id","product") WHERE status in ('Pending', 'InProgress', 'OnHold');