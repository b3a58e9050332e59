ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
-- Users signed in before the column existed: their newest session that is still kept.
UPDATE "users" SET "last_sign_in_at" = s."latest" FROM (SELECT "user_id", max("created_at") AS "latest" FROM "sessions" GROUP BY "user_id") s WHERE s."user_id" = "users"."id";
