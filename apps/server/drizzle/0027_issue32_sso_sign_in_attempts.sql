CREATE TABLE "sso_sign_in_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nonce_hash" text NOT NULL,
	"browser_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sso_used_id_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sso_sign_in_attempts_nonce_unique" ON "sso_sign_in_attempts" USING btree ("nonce_hash");--> statement-breakpoint
CREATE INDEX "sso_sign_in_attempts_expires_idx" ON "sso_sign_in_attempts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sso_used_id_tokens_expires_idx" ON "sso_used_id_tokens" USING btree ("expires_at");