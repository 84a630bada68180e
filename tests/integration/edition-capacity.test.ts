import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { changeEditionCapacity } from "~/server/admin/editions.server";
import { adminAuditLog, courses } from "~/server/db/schema.server";
import { NotFoundError, UnavailableError } from "~/server/platform/errors.server";

import { checkout, editionFor } from "../support/booking";
import { addPurchase } from "../support/catalogue";
import { testDriver, useTestDatabase } from "../support/database";
import { createPerson, type Person } from "../support/people";
import { testServices } from "../support/route-args";

const handle = useTestDatabase();
const services = () => testServices(handle);
const admin = () => createPerson({ db: handle.db, auth: services().auth }, { admin: true });
const actorOf = (who: Person) => ({ id: who.id, email: who.email });

const capacityOf = async (id: string) => (await handle.db.select({ capacity: courses.capacity }).from(courses).where(eq(courses.id, id)))[0].capacity;
const auditOf = (id: string) =>
  handle.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, "edition.capacity"), eq(adminAuditLog.subjectId, id)))
    .orderBy(adminAuditLog.createdAt);

describe(`changeEditionCapacity on ${testDriver}`, () => {
  it("sets a new number of places, audited with who, the edition and its capacity before and after", async () => {
    const staff = await admin();
    const edition = await editionFor(handle, { capacity: 5 });
    await changeEditionCapacity(handle.db, actorOf(staff), edition.id, 12);
    expect(await capacityOf(edition.id)).toBe(12);
    await changeEditionCapacity(handle.db, actorOf(staff), edition.id, 3);
    expect(await capacityOf(edition.id)).toBe(3);

    const entries = await auditOf(edition.id);
    expect(entries.map((entry) => [entry.before, entry.after])).toEqual([
      [{ capacity: 5 }, { capacity: 12 }],
      [{ capacity: 12 }, { capacity: 3 }],
    ]);
    expect(entries[0]).toMatchObject({
      actorId: staff.id,
      actorEmail: staff.email,
      subjectType: "edition",
      summary: `Set the capacity of Sinus Grafting (${edition.startDate}) to 12`,
    });
  });

  it("never goes below the paid bookings and live holds: refused with how many places are taken, nothing changed or logged", async () => {
    const staff = await admin();
    const edition = await editionFor(handle, { capacity: 6 });
    await addPurchase(handle.db, edition.id, "paid");
    await addPurchase(handle.db, edition.id, "complete");
    await checkout(services(), { courseId: edition.id, buyer: null });

    const attempt = changeEditionCapacity(handle.db, actorOf(staff), edition.id, 2);
    await expect(attempt).rejects.toThrow(UnavailableError);
    await expect(attempt).rejects.toThrow("Capacity cannot be lower than the 3 places already taken (paid bookings and live holds).");
    expect(await capacityOf(edition.id)).toBe(6);
    expect(await auditOf(edition.id)).toEqual([]);

    // Exactly the places taken is allowed: the edition is then full.
    await changeEditionCapacity(handle.db, actorOf(staff), edition.id, 3);
    expect(await capacityOf(edition.id)).toBe(3);
  });

  it("says 'place' for one place taken", async () => {
    const staff = await admin();
    const edition = await editionFor(handle, { capacity: 4 });
    await addPurchase(handle.db, edition.id, "paid");
    // A capacity of 0 is the schema's to refuse; here it shows the rule's own count.
    await expect(changeEditionCapacity(handle.db, actorOf(staff), edition.id, 0)).rejects.toThrow(
      "Capacity cannot be lower than the 1 place already taken (paid bookings and live holds).",
    );
  });

  it("counts neither cancelled, refunded or unpaid purchases, nor another edition's bookings", async () => {
    const staff = await admin();
    const edition = await editionFor(handle, { capacity: 5 });
    const other = await editionFor(handle, { capacity: 5 });
    for (const status of ["canceled", "refunded", "pending"] as const) await addPurchase(handle.db, edition.id, status);
    await addPurchase(handle.db, other.id, "paid");
    await addPurchase(handle.db, other.id, "paid");
    await changeEditionCapacity(handle.db, actorOf(staff), edition.id, 1);
    expect(await capacityOf(edition.id)).toBe(1);
  });

  it("does not count a hold that has run out by the time of the change", async () => {
    const staff = await admin();
    const edition = await editionFor(handle, { capacity: 4 });
    await addPurchase(handle.db, edition.id, "paid");
    await checkout(services(), { courseId: edition.id, buyer: null });
    await expect(changeEditionCapacity(handle.db, actorOf(staff), edition.id, 1)).rejects.toThrow("2 places already taken");
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await changeEditionCapacity(handle.db, actorOf(staff), edition.id, 1, tomorrow);
    expect(await capacityOf(edition.id)).toBe(1);
  });

  it("refuses an edition that does not exist, or an id that is not one, with 'There is no such edition.'", async () => {
    const staff = await admin();
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", ""]) {
      const attempt = changeEditionCapacity(handle.db, actorOf(staff), id, 5);
      await expect(attempt, id).rejects.toThrow(NotFoundError);
      await expect(attempt, id).rejects.toThrow("There is no such edition.");
    }
    expect(await handle.db.select().from(adminAuditLog).where(eq(adminAuditLog.subjectId, "00000000-0000-4000-8000-000000000000"))).toEqual([]);
  });

  it("keeps the old capacity when its audit entry cannot be written", async () => {
    const edition = await editionFor(handle, { capacity: 7 });
    await expect(changeEditionCapacity(handle.db, { id: "no-such-admin", email: "ghost@example.com" }, edition.id, 9)).rejects.toThrow();
    expect(await capacityOf(edition.id)).toBe(7);
    expect(await auditOf(edition.id)).toEqual([]);
  });
});
