import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { contactMessages, seatHolds } from "~/server/db/schema.server";

import { editionFor } from "../support/booking";
import { changeOfferingPrice } from "../support/catalogue";
import { testDriver, useTestDatabase } from "../support/database";

const database = useTestDatabase();

/** A listener on the catalogue's channel that counts what it hears. */
async function listening() {
  const heard = { notices: 0, lost: 0 };
  await database.listen("catalogue_changed", { onNotice: () => heard.notices++, onLost: () => heard.lost++ });
  return heard;
}

describe("the database announces changes to what public pages show", () => {
  it("announces a scheduled date, a price and a change of places once per transaction, and stays quiet about other tables", async () => {
    const heard = await listening();
    await editionFor(database);
    await vi.waitFor(() => expect(heard.notices).toBe(1));
    expect(await changeOfferingPrice(database.db, "sinus-grafting", 990_000)).toBe(true);
    await vi.waitFor(() => expect(heard.notices).toBe(2));
    // Many rows in one transaction: one notice.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update courses set capacity = capacity + 1`);
      await tx.execute(sql`update courses set capacity = capacity - 1`);
    });
    await vi.waitFor(() => expect(heard.notices).toBe(3));
    // A statement that changes nothing, and a table pages do not show, say nothing.
    await database.db.execute(sql`update courses set capacity = 1 where false`);
    await database.db.insert(contactMessages).values({ name: "A", email: "a@example.com", subject: "S", message: "M" });
    await editionFor(database, { days: 90 });
    await vi.waitFor(() => expect(heard.notices).toBe(4));
    expect(heard.lost).toBe(0);
  });

  it("announces a hold taken, given up or run out, but not its session opening ('opening' -> 'open'), which changes no places", async () => {
    const edition = await editionFor(database, { days: 120 });
    const heard = await listening();
    const expiresAt = new Date(Date.now() + 30 * 60_000);
    const hold = { courseId: edition.id, provider: "local", expiresAt, amountSubtotal: 100, amountTotal: 100, currency: "gbp" } as const;
    const [{ id }] = await database.db.insert(seatHolds).values(hold).returning({ id: seatHolds.id });
    await vi.waitFor(() => expect(heard.notices).toBe(1));
    await database.db
      .update(seatHolds)
      .set({ status: "open", checkoutSessionId: "cs_local_notice", checkoutUrl: "http://localhost/x" })
      .where(eq(seatHolds.id, id));
    // Held longer: the time its place comes back changed.
    await database.db
      .update(seatHolds)
      .set({ expiresAt: new Date(expiresAt.getTime() + 60_000) })
      .where(eq(seatHolds.id, id));
    await vi.waitFor(() => expect(heard.notices).toBe(2));
    await database.db.update(seatHolds).set({ status: "released", releasedAt: new Date() }).where(eq(seatHolds.id, id));
    await vi.waitFor(() => expect(heard.notices).toBe(3));
    await database.db.delete(seatHolds).where(eq(seatHolds.id, id));
    await vi.waitFor(() => expect(heard.notices).toBe(4));
    // Nothing more came: the session's opening said nothing.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard.notices).toBe(4);
  });

  // PGlite runs in this process, on one connection that cannot drop.
  if (testDriver === "postgres") {
    it("on PostgreSQL, says when its connection drops and hears again once it is back", async () => {
      const heard = await listening();
      const terminated = (await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'listen catalogue_changed'`,
      )) as { rows: unknown[] };
      expect(terminated.rows.length).toBeGreaterThan(0);
      await vi.waitFor(() => expect(heard.lost).toBeGreaterThan(0));
      // Back on a new connection: it reports itself as a change, since notices in between were lost.
      await vi.waitFor(() => expect(heard.notices).toBeGreaterThan(0), { timeout: 10_000 });
      const before = heard.notices;
      await editionFor(database, { days: 100 });
      await vi.waitFor(() => expect(heard.notices).toBe(before + 1));
    });
  }
});
