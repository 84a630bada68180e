-- A hold's change is announced only when it can change what public pages show: the places an edition
-- has left (a live hold is 'awaiting_payment', or 'opening' or 'open' until it expires) and when the
-- next open hold runs out. Every checkout's second write, 'opening' -> 'open' with its session's id
-- and link, changes neither, and no longer sends every instance a notice that empties its page cache.
DROP TRIGGER "seat_holds_catalogue_changed" ON "seat_holds";
--> statement-breakpoint
CREATE TRIGGER "seat_holds_catalogue_changed" AFTER INSERT OR DELETE ON "seat_holds" FOR EACH ROW EXECUTE FUNCTION "notify_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "seat_holds_catalogue_updated" AFTER UPDATE ON "seat_holds" FOR EACH ROW
WHEN (
	OLD."course_id" IS DISTINCT FROM NEW."course_id"
	OR OLD."expires_at" IS DISTINCT FROM NEW."expires_at"
	OR (OLD."status" IS DISTINCT FROM NEW."status" AND NOT (OLD."status" IN ('opening', 'open') AND NEW."status" IN ('opening', 'open')))
) EXECUTE FUNCTION "notify_catalogue_changed"();
