-- What public pages show (offerings, their dates, prices and places left) changes only through these
-- four tables. A committed change announces itself (PostgreSQL sends one notice per transaction and
-- table however many rows changed; a statement that changes nothing sends none), so that every app
-- instance drops the pages it has cached, whichever instance or process made the change.
CREATE FUNCTION "notify_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "offerings_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "offerings" FOR EACH ROW EXECUTE FUNCTION "notify_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "offerings_catalogue_truncated" AFTER TRUNCATE ON "offerings" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "courses_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "courses" FOR EACH ROW EXECUTE FUNCTION "notify_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "courses_catalogue_truncated" AFTER TRUNCATE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "seat_holds_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "seat_holds" FOR EACH ROW EXECUTE FUNCTION "notify_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "seat_holds_catalogue_truncated" AFTER TRUNCATE ON "seat_holds" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "user_course_purchases_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "user_course_purchases" FOR EACH ROW EXECUTE FUNCTION "notify_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "user_course_purchases_catalogue_truncated" AFTER TRUNCATE ON "user_course_purchases" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
