CREATE TABLE "offerings" (
	"key" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"format" text NOT NULL,
	"location" text NOT NULL,
	"length_days" integer NOT NULL,
	"default_capacity" integer NOT NULL,
	"price_amount" integer NOT NULL,
	"price_currency" text DEFAULT 'gbp' NOT NULL,
	"stripe_price_id" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offerings_slug_unique" UNIQUE("slug"),
	CONSTRAINT "offerings_price_id_prefix" CHECK ("offerings"."stripe_price_id" IS NULL OR "offerings"."stripe_price_id" LIKE 'price\_%'),
	CONSTRAINT "offerings_price_not_negative" CHECK ("offerings"."price_amount" >= 0),
	CONSTRAINT "offerings_length_positive" CHECK ("offerings"."length_days" > 0),
	CONSTRAINT "offerings_capacity_positive" CHECK ("offerings"."default_capacity" > 0)
);
--> statement-breakpoint
-- The institute's catalogue (spec 3), the one source of each price from now on.
INSERT INTO "offerings" ("key", "title", "slug", "format", "location", "length_days", "default_capacity", "price_amount", "stripe_price_id", "position") VALUES
	('level-1', 'Level 1 - Full Arch Implant Course', 'level-1-full-arch-implant-course', '2 days', 'London, United Kingdom', 2, 16, 150000, NULL, 1),
	('level-2', 'Level 2 - Ultimate Full Arch Live Course', 'level-2-ultimate-full-arch-live-course', '4 days', 'Dubai Healthcare City, Dubai', 4, 8, 1200000, 'price_level2_live_surgery', 2),
	('level-3', 'Level 3 - Full Arch Zygomatic Implants', 'level-3-full-arch-zygomatic-implants', '4 days', 'Dubai Healthcare City, Dubai', 4, 6, 1299500, 'price_level3_zygomatic_winter', 3),
	('complications', 'Full Arch Complications', 'full-arch-complications', '1 day', 'London, United Kingdom', 1, 12, 90000, 'price_full_arch_complications', 4),
	('sinus-grafting', 'Sinus Grafting', 'sinus-grafting', '1 day', 'London, United Kingdom', 1, 10, 150000, 'price_sinus_grafting', 5),
	('hard-soft-tissue-grafting', 'Hard and Soft Tissue Grafting Course', 'hard-and-soft-tissue-grafting-course', '1 day', 'London, United Kingdom', 1, 10, 200000, NULL, 6)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Editions staff scheduled under another title or slug become offerings of their own, from their newest row.
INSERT INTO "offerings" ("key", "title", "slug", "format", "location", "length_days", "default_capacity", "price_amount", "price_currency", "stripe_price_id", "position")
SELECT DISTINCT ON (c."slug") c."slug", c."title", c."slug", coalesce(c."duration", ''), coalesce(c."location", ''),
	greatest(1, coalesce(c."end_date" - c."start_date" + 1, 1)), c."capacity", coalesce(c."price_amount", 0), c."price_currency", c."stripe_price_id", 100
FROM "courses" c
WHERE NOT EXISTS (SELECT 1 FROM "offerings" o WHERE o."title" = c."title" OR o."slug" = c."slug")
ORDER BY c."slug", c."created_at" DESC
ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "offering_key" text;--> statement-breakpoint
UPDATE "courses" c SET "offering_key" = o."key" FROM "offerings" o WHERE o."slug" = c."slug";--> statement-breakpoint
UPDATE "courses" c SET "offering_key" = o."key" FROM "offerings" o WHERE c."offering_key" IS NULL AND o."title" = c."title";--> statement-breakpoint
ALTER TABLE "courses" ALTER COLUMN "offering_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_offering_key_offerings_key_fk" FOREIGN KEY ("offering_key") REFERENCES "public"."offerings"("key") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "courses_offering_start_idx" ON "courses" USING btree ("offering_key","start_date");--> statement-breakpoint
-- Interest registrations name offerings by key; the titles they were made with map to them.
ALTER TABLE "interest_registrations" ADD COLUMN "offering_keys" text[];--> statement-breakpoint
UPDATE "interest_registrations" r SET "offering_keys" = ARRAY(
	SELECT o."key" FROM unnest(r."interested_courses") WITH ORDINALITY AS chosen("title", "n") JOIN "offerings" o ON o."title" = chosen."title" ORDER BY chosen."n"
);--> statement-breakpoint
ALTER TABLE "interest_registrations" ALTER COLUMN "offering_keys" SET NOT NULL;--> statement-breakpoint
-- Purchase status is one of a known set; anything else was never paid.
UPDATE "user_course_purchases" SET "status" = lower(trim("status"));--> statement-breakpoint
UPDATE "user_course_purchases" SET "status" = 'pending' WHERE "status" NOT IN ('pending', 'paid', 'complete', 'refunded', 'canceled');--> statement-breakpoint
ALTER TABLE "user_course_purchases" ADD CONSTRAINT "purchases_status_known" CHECK (status IN ('pending', 'paid', 'complete', 'refunded', 'canceled'));
