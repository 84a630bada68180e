-- An interest registration hears about new dates only once its address confirms it (design.md 5, "and consented"): registrations made before this have not, and wait for a new one.
ALTER TABLE "interest_registrations" ADD COLUMN "confirmation_token" text;--> statement-breakpoint
ALTER TABLE "interest_registrations" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interest_registrations" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "interest_registrations_confirmation_token_key" ON "interest_registrations" USING btree ("confirmation_token");