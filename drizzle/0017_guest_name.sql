ALTER TABLE "user_course_purchases" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "local_checkout_sessions" ADD COLUMN "customer_name" text;