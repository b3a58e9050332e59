CREATE TABLE "backfill_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"fingerprint" text NOT NULL,
	"file_bytes" bigint NOT NULL,
	"bytes_done" bigint DEFAULT 0 NOT NULL,
	"lines_done" bigint DEFAULT 0 NOT NULL,
	"merged" bigint DEFAULT 0 NOT NULL,
	"stale" bigint DEFAULT 0 NOT NULL,
	"refused" bigint DEFAULT 0 NOT NULL,
	"account_ids" uuid[] DEFAULT '{}' NOT NULL,
	"state" text DEFAULT 'copying' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "backfill_imports_fingerprint_unique" UNIQUE("fingerprint")
);
--> statement-breakpoint
CREATE TABLE "backfill_refusals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"import_id" uuid NOT NULL,
	"line" bigint NOT NULL,
	"error" text NOT NULL
);
--> statement-breakpoint
-- UNLOGGED (Drizzle cannot declare it): rows that live seconds write no WAL; a PostgreSQL crash empties it, and the
-- import re-reads the chunk from its recorded progress.
CREATE UNLOGGED TABLE "backfill_staging" (
	"n" integer GENERATED ALWAYS AS IDENTITY (sequence name "backfill_staging_n_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"doc" text
);
--> statement-breakpoint
ALTER TABLE "backfill_refusals" ADD CONSTRAINT "backfill_refusals_import_id_backfill_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."backfill_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backfill_refusals_import_idx" ON "backfill_refusals" USING btree ("import_id","line");--> statement-breakpoint
-- A history line as jsonb, or null when it is not JSON: the merge's slow path for a chunk where a plain cast failed.
CREATE FUNCTION backfill_parse_jsonb(doc text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN doc::jsonb;
EXCEPTION WHEN others THEN
  RETURN NULL;
END
$$;
