CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seat_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"user_id" text,
	"customer_email" text,
	"provider" text NOT NULL,
	"checkout_session_id" text,
	"checkout_url" text,
	"status" text DEFAULT 'opening' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"amount_subtotal" integer NOT NULL,
	"amount_discount" integer DEFAULT 0 NOT NULL,
	"amount_total" integer NOT NULL,
	"currency" text NOT NULL,
	"discount_kind" text,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_holds_status_known" CHECK (status IN ('opening', 'open', 'awaiting_payment', 'converted', 'released')),
	CONSTRAINT "seat_holds_amounts" CHECK ("seat_holds"."amount_total" >= 0 AND "seat_holds"."amount_discount" >= 0 AND "seat_holds"."amount_total" = "seat_holds"."amount_subtotal" - "seat_holds"."amount_discount")
);
--> statement-breakpoint
CREATE TABLE "local_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"price_id" text NOT NULL,
	"product_name" text NOT NULL,
	"product_description" text,
	"amount_subtotal" integer NOT NULL,
	"amount_discount" integer DEFAULT 0 NOT NULL,
	"amount_total" integer NOT NULL,
	"currency" text NOT NULL,
	"discount_name" text,
	"customer_email" text,
	"client_reference_id" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"payment_method_types" jsonb NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"payment_method" text,
	"payment_intent_id" text,
	"amount_refunded" integer DEFAULT 0 NOT NULL,
	"refund_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settles_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_course_purchases" ADD COLUMN "hold_id" uuid;--> statement-breakpoint
ALTER TABLE "user_course_purchases" ADD COLUMN "discount_kind" text;--> statement-breakpoint
ALTER TABLE "user_course_purchases" ADD COLUMN "amount_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_course_purchases" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "seat_holds" ADD CONSTRAINT "seat_holds_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_holds" ADD CONSTRAINT "seat_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seat_holds_checkout_session_key" ON "seat_holds" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "seat_holds_course_status_idx" ON "seat_holds" USING btree ("course_id","status","expires_at");--> statement-breakpoint
CREATE INDEX "seat_holds_user_idx" ON "seat_holds" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "local_checkout_sessions_idempotency_key" ON "local_checkout_sessions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "local_checkout_sessions_payment_intent_key" ON "local_checkout_sessions" USING btree ("payment_intent_id");--> statement-breakpoint
ALTER TABLE "user_course_purchases" ADD CONSTRAINT "user_course_purchases_hold_id_seat_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."seat_holds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_payment_intent_idx" ON "user_course_purchases" USING btree ("stripe_payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_hold_key" ON "user_course_purchases" USING btree ("hold_id");
--> statement-breakpoint
-- The administrators' £1 test product (spec 2, Admin dashboard): an offering visitors never see, with one
-- edition that is never listed, bought through the whole checkout path to prove it works.
INSERT INTO "offerings" ("key", "title", "slug", "format", "location", "length_days", "default_capacity", "price_amount", "stripe_price_id", "position", "listed") VALUES
	('test-product', 'Test Product', 'test-product', 'Test purchase', 'Online', 1, 1000000, 100, 'price_test_product', 1000, false)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "courses" ("offering_key", "title", "description", "duration", "location", "slug", "is_active", "stripe_price_id", "price_amount", "capacity")
SELECT 'test-product', 'Test Product', 'A £1 purchase that runs the whole checkout: payment, confirmation email and receipt.', 'Test purchase', 'Online', 'test-product', false, 'price_test_product', 100, 1000000
WHERE NOT EXISTS (SELECT 1 FROM "courses" WHERE "offering_key" = 'test-product');
