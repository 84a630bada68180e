ALTER TABLE "seat_holds" ADD COLUMN "client_address" text;--> statement-breakpoint
CREATE INDEX "seat_holds_client_address_idx" ON "seat_holds" USING btree ("client_address","status","expires_at");