CREATE TABLE "demo_removals" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_removals_one_row" CHECK ("demo_removals"."id")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The demo seeded before the marker existed: its user, and the organization that user owns (the seed's; the demo user
-- cannot set up another, onboarding refuses a second organization).
UPDATE "users" SET "is_demo" = true WHERE lower("email") = 'demo@rampart.dev';--> statement-breakpoint
UPDATE "organizations" SET "is_demo" = true WHERE "owner_id" IN (SELECT "id" FROM "users" WHERE "is_demo");
