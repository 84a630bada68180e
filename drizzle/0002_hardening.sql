CREATE TABLE "pending_sign_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"marketing_consent" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ALTER COLUMN "confirmation_token" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pending_sign_ups" ADD CONSTRAINT "pending_sign_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pending_sign_ups_secret_hash_key" ON "pending_sign_ups" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "pending_sign_ups_user_id_idx" ON "pending_sign_ups" USING btree ("user_id");--> statement-breakpoint
-- A confirmation link works once: links of subscribers who already confirmed stop working.
UPDATE "newsletter_subscribers" SET "confirmation_token" = NULL WHERE "confirmed_at" IS NOT NULL;--> statement-breakpoint
UPDATE "newsletter_subscribers" SET "confirmation_sent_at" = "updated_at" WHERE "confirmation_token" IS NOT NULL;
