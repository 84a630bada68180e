import { and, count, eq, exists, gt, inArray, min, ne, or, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";

import { SUCCESSFUL_PURCHASE_STATUSES } from "~/lib/purchases";
import type { Database, Transaction } from "~/server/db/client.server";
import { courses, seatHolds, userCoursePurchases } from "~/server/db/schema.server";

/**
 * A hold that still keeps its place: its checkout is open and within its
 * time, or the buyer paid by a method that settles later.
 */
export function liveHold(now: Date): SQL {
  return or(eq(seatHolds.status, "awaiting_payment"), and(inArray(seatHolds.status, ["opening", "open"]), gt(seatHolds.expiresAt, now)))!;
}

/**
 * The live holds that keep a place from this viewer: all but their own unpaid
 * checkouts, which their next checkout for that date replaces (take_place,
 * drizzle/0014_take_place_address_lock.sql). Their bank payment still settling keeps its place.
 */
function holdsAgainst(viewerId: string | null, now: Date): SQL {
  const ownUnpaid = viewerId ? and(eq(seatHolds.userId, viewerId), inArray(seatHolds.status, ["opening", "open"])) : undefined;
  return and(liveHold(now), ownUnpaid && sql`(${ownUnpaid}) is not true`)!;
}

/** A bank payment still settling whose hold keeps its place (one whose place went while it lapsed holds none, and is refunded when it settles). */
function settlingWithPlace(db: Database | Transaction): SQL {
  const keeping = db
    .select({ id: seatHolds.id })
    .from(seatHolds)
    .where(and(eq(seatHolds.id, userCoursePurchases.holdId), eq(seatHolds.status, "awaiting_payment")));
  return and(eq(userCoursePurchases.status, "pending"), exists(keeping))!;
}

/** A booking that keeps its place: paid, or paid and settling. */
function paidPlace(): SQL {
  return inArray(userCoursePurchases.status, [...SUCCESSFUL_PURCHASE_STATUSES]);
}

/** What takes an edition's places: paid bookings, and live holds, of which `atCheckout` are checkouts still open (unpaid, they come free within the half hour). */
export interface PlaceUses {
  paid: number;
  held: number;
  atCheckout: number;
}

/**
 * What takes the places of editions, by course id: paid bookings and live
 * holds (an edition with neither is absent); for a signed-in viewer, as their
 * own checkout would count them (holdsAgainst).
 */
export async function placeUsesBy(
  db: Database | Transaction,
  now: Date,
  courseIds?: readonly string[],
  viewerId: string | null = null,
): Promise<Map<string, PlaceUses>> {
  if (courseIds && courseIds.length === 0) return new Map();
  const rows = await unionAll(
    db
      .select({ courseId: userCoursePurchases.courseId, held: sql<boolean>`false`.as("held"), n: count(), atCheckout: sql<number>`0`.as("at_checkout") })
      .from(userCoursePurchases)
      .where(and(paidPlace(), courseIds ? inArray(userCoursePurchases.courseId, [...courseIds]) : undefined))
      .groupBy(userCoursePurchases.courseId),
    db
      .select({
        courseId: seatHolds.courseId,
        held: sql<boolean>`true`.as("held"),
        n: count(),
        atCheckout: sql<number>`count(*) filter (where ${inArray(seatHolds.status, ["opening", "open"])})`.as("at_checkout"),
      })
      .from(seatHolds)
      .where(and(holdsAgainst(viewerId, now), courseIds ? inArray(seatHolds.courseId, [...courseIds]) : undefined))
      .groupBy(seatHolds.courseId),
  );
  const uses = new Map<string, PlaceUses>();
  for (const row of rows) {
    const counted = uses.get(row.courseId) ?? { paid: 0, held: 0, atCheckout: 0 };
    counted[row.held ? "held" : "paid"] += Number(row.n);
    counted.atCheckout += Number(row.atCheckout);
    uses.set(row.courseId, counted);
  }
  return uses;
}

/** Places taken on editions: paid bookings plus live holds, by course id (an edition with none is absent); for a viewer, as placeUsesBy counts them. */
export async function placesTakenBy(
  db: Database | Transaction,
  now: Date,
  courseIds?: readonly string[],
  viewerId: string | null = null,
): Promise<Map<string, number>> {
  const uses = await placeUsesBy(db, now, courseIds, viewerId);
  return new Map([...uses].map(([courseId, { paid, held }]) => [courseId, paid + held]));
}

/**
 * Places taken on one edition, as an SQL expression: its paid bookings plus its
 * live holds. A statement that decides a sale with it must run under the
 * edition's row lock, after taking it (its snapshot then sees every earlier sale).
 */
function placesTakenExpression(courseId: string, now: Date): SQL<number> {
  const paid = and(eq(userCoursePurchases.courseId, courseId), paidPlace());
  const held = and(eq(seatHolds.courseId, courseId), liveHold(now));
  return sql<number>`((select count(*) from ${userCoursePurchases} where ${paid}) + (select count(*) from ${seatHolds} where ${held}))`.mapWith(Number);
}

/** Places taken on one edition. Decide a sale with it only under the edition's row lock. */
export async function placesTaken(db: Database | Transaction, courseId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ taken: placesTakenExpression(courseId, now) })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row?.taken ?? 0;
}

/** When the next open checkout runs out and gives its place back by itself, if one is open. */
export async function nextHoldExpiry(db: Database | Transaction, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: min(seatHolds.expiresAt) })
    .from(seatHolds)
    .where(and(inArray(seatHolds.status, ["opening", "open"]), gt(seatHolds.expiresAt, now)));
  return row?.at ?? undefined;
}

/** Holds keeping a place right now, on every edition. */
export async function countLiveHolds(db: Database, now: Date): Promise<number> {
  const [row] = await db.select({ holds: count() }).from(seatHolds).where(liveHold(now));
  return row?.holds ?? 0;
}

/**
 * The editions among `courseIds` on which this person has a place: paid (or,
 * given their address, booked as a guest and not yet claimed), or their bank
 * payment still settling. Their pages say so, and their checkout refuses a second place.
 */
export async function editionsBookedBy(db: Database | Transaction, person: { id: string; email?: string }, courseIds: readonly string[]): Promise<Set<string>> {
  if (courseIds.length === 0) return new Set();
  const theirs = person.email
    ? or(eq(userCoursePurchases.userId, person.id), eq(sql`lower(${userCoursePurchases.customerEmail})`, person.email.toLowerCase()))
    : eq(userCoursePurchases.userId, person.id);
  const rows = await unionAll(
    db
      .select({ courseId: userCoursePurchases.courseId })
      .from(userCoursePurchases)
      // Paid, or a bank payment still settling that keeps its place (a guest's too, found by their address).
      .where(and(inArray(userCoursePurchases.courseId, [...courseIds]), or(paidPlace(), settlingWithPlace(db)), theirs)),
    db
      .select({ courseId: seatHolds.courseId })
      .from(seatHolds)
      .where(and(inArray(seatHolds.courseId, [...courseIds]), eq(seatHolds.userId, person.id), eq(seatHolds.status, "awaiting_payment"))),
  );
  return new Set(rows.map((row) => row.courseId));
}

/**
 * Whether a buyer (their account, or the address a guest paid with) has a paid
 * place on this edition in a purchase other than `exceptPurchaseId`: a second
 * payment for the same dates is refunded, never a second seat. Ask it under the
 * edition's row lock, so that two payments at once are decided one after the other.
 */
export async function hasPaidPlace(
  tx: Transaction,
  courseId: string,
  buyer: { userId: string | null; email: string },
  exceptPurchaseId: string,
): Promise<boolean> {
  const byEmail = buyer.email ? eq(sql`lower(${userCoursePurchases.customerEmail})`, buyer.email.toLowerCase()) : undefined;
  const theirs = buyer.userId ? or(eq(userCoursePurchases.userId, buyer.userId), byEmail) : byEmail;
  if (!theirs) return false;
  const [row] = await tx
    .select({ id: userCoursePurchases.id })
    .from(userCoursePurchases)
    .where(and(eq(userCoursePurchases.courseId, courseId), paidPlace(), ne(userCoursePurchases.id, exceptPurchaseId), theirs))
    .limit(1);
  return Boolean(row);
}
