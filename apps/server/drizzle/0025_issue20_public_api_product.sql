CREATE TABLE "api_idempotency_keys" (
	"api_key_id" uuid NOT NULL,
	"key_source" text NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_headers" jsonb,
	"response_body" text,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "api_idempotency_keys_key_source_api_key_id_key_pk" PRIMARY KEY("key_source","api_key_id","key")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "api_version" text;--> statement-breakpoint
CREATE INDEX "api_idempotency_keys_created_idx" ON "api_idempotency_keys" USING btree ("created_at");--> statement-breakpoint
-- Partners that already call /v1 keep the behaviour they integrated against (the first dated version).
UPDATE "accounts" SET "api_version" = '2026-06-01' WHERE EXISTS (SELECT 1 FROM "api_keys" k WHERE k."account_id" = "accounts"."id" AND k."last_used_at" IS NOT NULL);
