-- The built-in checkout keeps each event until its webhook has taken it, and sends again one whose delivery
-- failed or whose instance died first, as Stripe does (app/server/payments/local.server.ts).
CREATE TABLE "local_checkout_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "local_checkout_events_due_idx" ON "local_checkout_events" USING btree ("next_attempt_at") WHERE "local_checkout_events"."next_attempt_at" IS NOT NULL;