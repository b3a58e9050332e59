CREATE TABLE "webhook_idle_dispatchers" (
	"dispatcher_id" uuid PRIMARY KEY NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
