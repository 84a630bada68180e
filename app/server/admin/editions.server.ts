import { asc, desc, eq, gte, lt } from "drizzle-orm";

import { isUuid } from "~/lib/uuid";
import { type AdminActor, recordAdminAction } from "~/server/admin/audit.server";
import { todayIsoDate } from "~/server/catalogue/editions.server";
import { placesTakenBy, placeUsesBy } from "~/server/catalogue/places.server";
import type { Database } from "~/server/db/client.server";
import { courses, profiles, userCoursePurchases, users } from "~/server/db/schema.server";
import { NotFoundError, UnavailableError } from "~/server/platform/errors.server";

/** One edition as the back office lists it. */
export interface AdminEdition {
  id: string;
  title: string;
  startDate: string | null;
  endDate: string | null;
  location: string | null;
  isActive: boolean;
  upcoming: boolean;
  /** Started before today and not yet over: neither to come nor past. */
  running: boolean;
  capacity: number;
  paidBookings: number;
  liveHolds: number;
  placesLeft: number;
  priceAmount: number | null;
}

type EditionRow = typeof courses.$inferSelect;

function adminEdition(row: EditionRow, uses: Map<string, { paid: number; held: number }>, today: string): AdminEdition {
  const { paid, held } = uses.get(row.id) ?? { paid: 0, held: 0 };
  return {
    id: row.id,
    title: row.title,
    startDate: row.startDate,
    endDate: row.endDate,
    location: row.location,
    isActive: row.isActive,
    upcoming: row.startDate !== null && row.startDate >= today,
    running: row.startDate !== null && row.startDate < today && (row.endDate ?? row.startDate) >= today,
    capacity: row.capacity,
    paidBookings: paid,
    liveHolds: held,
    placesLeft: Math.max(0, row.capacity - paid - held),
    priceAmount: row.priceAmount,
  };
}

/** Every edition: upcoming ones soonest first, then past ones latest first, with their bookings and places left. */
export async function listEditionsForAdmin(db: Database, now = new Date()): Promise<AdminEdition[]> {
  const today = todayIsoDate(now);
  const [upcoming, past] = await Promise.all([
    db.select().from(courses).where(gte(courses.startDate, today)).orderBy(asc(courses.startDate), asc(courses.title)),
    db.select().from(courses).where(lt(courses.startDate, today)).orderBy(desc(courses.startDate), asc(courses.title)),
  ]);
  const rows = [...upcoming, ...past];
  const uses = await placeUsesBy(
    db,
    now,
    rows.map((row) => row.id),
  );
  return rows.map((row) => adminEdition(row, uses, today));
}

/** One booking of an edition, with the attendee as their profile (or the guest's checkout) names them. */
export interface AdminBooking {
  purchaseId: string;
  name: string | null;
  /** Booked without an account, and no account has claimed it yet. */
  guest: boolean;
  email: string;
  mobile: string | null;
  status: string;
  amountTotal: number;
  amountRefunded: number;
  /** What the institute keeps: paid less refunded (minor units). */
  amountPaid: number;
  discountKind: string | null;
  amountDiscount: number;
  purchaseDate: Date;
}

/** An edition by an id from the address: a malformed or unknown one is not found. */
export async function findEditionForAdmin(db: Database, courseId: string, now = new Date()): Promise<AdminEdition> {
  const row = isUuid(courseId) ? (await db.select().from(courses).where(eq(courses.id, courseId)))[0] : undefined;
  if (!row) throw new NotFoundError("There is no such edition.");
  return adminEdition(row, await placeUsesBy(db, now, [row.id]), todayIsoDate(now));
}

export async function editionBookings(db: Database, courseId: string): Promise<AdminBooking[]> {
  const rows = await db
    .select({
      purchase: userCoursePurchases,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      mobileCountryCode: profiles.mobileCountryCode,
      mobileNumber: profiles.mobileNumber,
      accountEmail: users.email,
    })
    .from(userCoursePurchases)
    .leftJoin(profiles, eq(profiles.id, userCoursePurchases.userId))
    .leftJoin(users, eq(users.id, userCoursePurchases.userId))
    .where(eq(userCoursePurchases.courseId, courseId))
    .orderBy(asc(userCoursePurchases.purchaseDate));
  return rows.map(({ purchase, ...person }) => {
    const name = [person.firstName, person.lastName].filter(Boolean).join(" ").trim();
    const mobile = [person.mobileCountryCode, person.mobileNumber].filter(Boolean).join(" ").trim();
    return {
      purchaseId: purchase.id,
      name: name || purchase.customerName || null,
      guest: purchase.userId === null,
      email: person.accountEmail ?? purchase.customerEmail,
      mobile: mobile || null,
      status: purchase.status,
      amountTotal: purchase.amountTotal,
      amountRefunded: purchase.amountRefunded,
      amountPaid: Math.max(0, purchase.amountTotal - purchase.amountRefunded),
      discountKind: purchase.discountKind,
      amountDiscount: purchase.amountDiscount,
      purchaseDate: purchase.purchaseDate,
    };
  });
}

/**
 * A new number of places for an edition, decided under its row lock (as a
 * sale is): never fewer than the paid bookings and live holds it already has.
 */
export async function changeEditionCapacity(db: Database, actor: AdminActor, courseId: string, capacity: number, now = new Date()): Promise<void> {
  if (!isUuid(courseId)) throw new NotFoundError("There is no such edition.");
  await db.transaction(async (tx) => {
    const [edition] = await tx.select().from(courses).where(eq(courses.id, courseId)).for("update");
    if (!edition) throw new NotFoundError("There is no such edition.");
    const taken = (await placesTakenBy(tx, now, [courseId])).get(courseId) ?? 0;
    if (capacity < taken) {
      throw new UnavailableError(
        `Capacity cannot be lower than the ${taken} ${taken === 1 ? "place" : "places"} already taken (paid bookings and live holds).`,
      );
    }
    await tx.update(courses).set({ capacity }).where(eq(courses.id, courseId));
    await recordAdminAction(tx, actor, {
      action: "edition.capacity",
      subjectType: "edition",
      subjectId: courseId,
      summary: `Set the capacity of ${edition.title} (${edition.startDate ?? "no date"}) to ${capacity}`,
      before: { capacity: edition.capacity },
      after: { capacity },
    });
  });
}
