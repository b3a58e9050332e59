CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"actor_email" text,
	"actor_role" text,
	"via_staff" boolean DEFAULT false NOT NULL,
	"account_id" uuid,
	"operation" text NOT NULL,
	"kind" text NOT NULL,
	"outcome" text NOT NULL,
	"error_code" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip_address" "inet",
	"request_id" text
);
--> statement-breakpoint
CREATE INDEX "audit_events_account_idx" ON "audit_events" USING btree ("account_id","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_events_occurred_idx" ON "audit_events" USING btree ("occurred_at");