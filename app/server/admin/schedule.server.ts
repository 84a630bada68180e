import { addDays, addYears, differenceInCalendarDays, format, parseISO } from "date-fns";
import { and, asc, count, desc, eq, gt, inArray, ne } from "drizzle-orm";

import { formatLongDate } from "~/lib/format";
import type { CreateCourseInput } from "~/lib/schemas/schedule";
import { isUuid } from "~/lib/uuid";
import { type AdminActor, recordAdminAction } from "~/server/admin/audit.server";
import { closeOpenCheckouts, settleCheckoutsBeforeDeleting } from "~/server/booking/checkout.server";
import { scheduleEdition, todayIsoDate } from "~/server/catalogue/editions.server";
import { findOffering, listOfferings, TEST_PRODUCT_KEY } from "~/server/catalogue/offerings.server";
import { liveHold } from "~/server/catalogue/places.server";
import type { Database, Transaction } from "~/server/db/client.server";
import { courses, offerings, seatHolds, userCoursePurchases } from "~/server/db/schema.server";
import { announceNewEdition } from "~/server/marketing/announcements.server";
import type { AppServices } from "~/server/platform/context.server";
import { InvalidInputError, NotFoundError, UnavailableError } from "~/server/platform/errors.server";

/** Editions are scheduled at most this far ahead: a later date is almost always a typing slip. */
const MAX_YEARS_AHEAD = 5;

/**
 * Spec 7 "templates": each distinct course once, by its newest edition, newest
 * first. An offering whose last edition was deleted follows, by its key, so
 * every course the institute teaches can still be scheduled.
 */
export async function courseTemplates(db: Database): Promise<{ id: string; title: string }[]> {
  const rows = await db
    .select({ id: courses.id, title: courses.title, offeringKey: courses.offeringKey })
    .from(courses)
    .where(ne(courses.offeringKey, TEST_PRODUCT_KEY))
    .orderBy(desc(courses.createdAt), asc(courses.title));
  const withEditions = new Set(rows.map((row) => row.offeringKey));
  const withoutEditions = (await listOfferings(db)).filter((offering) => !withEditions.has(offering.key));
  const seen = new Set<string>();
  return [...rows, ...withoutEditions.map((offering) => ({ id: offering.key, title: offering.title }))]
    .filter((row) => !seen.has(row.title) && seen.add(row.title))
    .map(({ id, title }) => ({ id, title }));
}

/** One future edition on the dashboard's list. */
export interface ScheduledCourse {
  id: string;
  title: string;
  startDate: string;
  endDate: string | null;
  isActive: boolean;
  /** Deactivated with bookings: deleteEdition always refuses it, so the dashboard offers no delete. */
  keptForBookings: boolean;
}

/** Spec 7: future editions, soonest first, including deactivated ones (so the admin sees them). */
export async function scheduledCourses(db: Database, today: string = todayIsoDate()): Promise<ScheduledCourse[]> {
  const rows = await db
    .select({ id: courses.id, title: courses.title, startDate: courses.startDate, endDate: courses.endDate, isActive: courses.isActive })
    .from(courses)
    .where(and(gt(courses.startDate, today), ne(courses.offeringKey, TEST_PRODUCT_KEY)))
    .orderBy(asc(courses.startDate), asc(courses.title));
  const deactivated = rows.filter((row) => !row.isActive).map((row) => row.id);
  // Any purchase, refunded or cancelled too, keeps an edition, as deleteEdition counts them.
  const booked =
    deactivated.length === 0
      ? []
      : await db.selectDistinct({ id: userCoursePurchases.courseId }).from(userCoursePurchases).where(inArray(userCoursePurchases.courseId, deactivated));
  const kept = new Set(booked.map((row) => row.id));
  return rows.flatMap(({ startDate, ...row }) => (startDate ? [{ ...row, startDate, keptForBookings: kept.has(row.id) }] : []));
}

export interface ScheduledEdition {
  id: string;
  title: string;
  start_date: string;
  end_date: string;
}

/** The first and last days a new edition may start on: from tomorrow to five years ahead (the date picker offers the same). */
export function schedulableDates(now: Date = new Date()): { first: string; last: string } {
  const today = parseISO(todayIsoDate(now));
  return { first: format(addDays(today, 1), "yyyy-MM-dd"), last: format(addYears(today, MAX_YEARS_AHEAD), "yyyy-MM-dd") };
}

/**
 * Spec 7 create-course: a new edition of the template's course on a new date,
 * as long as the template's run. It copies the template's course (title, text,
 * place, image, page) and takes price, price id and capacity from the offering
 * as it is now. A template that is an offering's key (the select offers one
 * with no edition left) is scheduled from the offering and its copy. The
 * audit entry and the new-date emails go in its transaction. A second
 * edition of the course on the same date is refused, so submitting the form
 * again does not announce it twice, nor sell a date taken off sale afresh.
 */
export async function scheduleFromTemplate(
  db: Database,
  actor: AdminActor,
  input: CreateCourseInput,
  { siteUrl, now = new Date() }: { siteUrl: string; now?: Date },
): Promise<ScheduledEdition> {
  const dates = schedulableDates(now);
  if (input.new_start_date < dates.first) throw new InvalidInputError("The start date must be in the future.");
  if (input.new_start_date > dates.last) throw new InvalidInputError(`The start date must be within ${MAX_YEARS_AHEAD} years.`);

  return db.transaction(async (tx) => {
    const row = isUuid(input.template_course_id)
      ? await copyEdition(tx, input.template_course_id, input.new_start_date)
      : await firstEditionOf(tx, input.template_course_id, input.new_start_date);
    const endDate = row.endDate ?? input.new_start_date;
    await recordAdminAction(tx, actor, {
      action: "edition.schedule",
      subjectType: "edition",
      subjectId: row.id,
      summary: `Scheduled ${row.title} on ${formatLongDate(input.new_start_date)}`,
      after: row,
    });
    await announceNewEdition(tx, { ...row, startDate: input.new_start_date, endDate }, siteUrl);
    return { id: row.id, title: row.title, start_date: input.new_start_date, end_date: endDate };
  });
}

const NO_TEMPLATE = "There is no course to copy with that id.";

/** Locks the offering's row until the commit, so of two changes to its dates on one day the second waits for the first and then sees it. */
async function lockOffering(tx: Transaction, offeringKey: string) {
  await tx.select({ key: offerings.key }).from(offerings).where(eq(offerings.key, offeringKey)).for("update");
}

/**
 * Refuses a date the course already has an edition on, on sale or not: a
 * second one would sell the places of the first again beside its bookings and
 * announce a date already announced. One taken off sale goes back from its page.
 */
async function refuseSameDate(tx: Transaction, offeringKey: string, startDate: string) {
  await lockOffering(tx, offeringKey);
  const [existing] = await tx
    .select({ id: courses.id, isActive: courses.isActive })
    .from(courses)
    .where(and(eq(courses.offeringKey, offeringKey), eq(courses.startDate, startDate)))
    .orderBy(desc(courses.isActive))
    .limit(1);
  if (existing?.isActive) throw new UnavailableError("That course is already scheduled to start on that date.");
  if (existing) {
    throw new UnavailableError(
      `That course is already scheduled to start on that date, but off sale: put it back on sale from its page, /admin/editions/${existing.id}.`,
    );
  }
}

/** A new edition copied from an edition of the course. */
async function copyEdition(tx: Transaction, templateId: string, startDate: string) {
  const [template] = await tx.select().from(courses).where(eq(courses.id, templateId));
  if (!template || template.offeringKey === TEST_PRODUCT_KEY) throw new InvalidInputError(NO_TEMPLATE);
  const offering = await findOffering(tx, template.offeringKey);
  if (!offering) throw new InvalidInputError("That course's offering no longer exists.");
  await refuseSameDate(tx, offering.key, startDate);
  const days =
    template.startDate && template.endDate ? differenceInCalendarDays(parseISO(template.endDate), parseISO(template.startDate)) : offering.lengthDays - 1;
  const [row] = await tx
    .insert(courses)
    .values({
      offeringKey: template.offeringKey,
      title: template.title,
      description: template.description,
      duration: template.duration,
      location: template.location,
      imageUrl: template.imageUrl,
      slug: template.slug,
      isActive: true,
      startDate,
      endDate: format(addDays(parseISO(startDate), days), "yyyy-MM-dd"),
      stripePriceId: offering.stripePriceId,
      priceAmount: offering.priceAmount,
      priceCurrency: offering.priceCurrency,
      capacity: offering.defaultCapacity,
    })
    .returning();
  return row;
}

/** A new edition of an offering none is left of, as the catalogue schedules one (the template select names it by its key). */
async function firstEditionOf(tx: Transaction, offeringKey: string, startDate: string) {
  const offering = await findOffering(tx, offeringKey);
  if (!offering?.listed) throw new InvalidInputError(NO_TEMPLATE);
  await refuseSameDate(tx, offering.key, startDate);
  return scheduleEdition(tx, { offeringKey, startDate });
}

/** The edition, locked for the rest of the transaction so no checkout takes a place meanwhile. */
async function lockedEdition(tx: Transaction, courseId: string) {
  const [row] = isUuid(courseId) ? await tx.select().from(courses).where(eq(courses.id, courseId)).for("update") : [];
  if (!row || row.offeringKey === TEST_PRODUCT_KEY) throw new NotFoundError("There is no course with that id.");
  return row;
}

/** What keeps an edition from being deleted: someone bought (or was refunded) a place on it, or is paying for one now. */
export type EditionInUse = "bookings" | "checkout";

async function editionInUse(tx: Transaction, courseId: string, now: Date): Promise<EditionInUse | null> {
  const [purchases] = await tx.select({ n: count() }).from(userCoursePurchases).where(eq(userCoursePurchases.courseId, courseId));
  if (Number(purchases.n) > 0) return "bookings";
  const [holds] = await tx
    .select({ n: count() })
    .from(seatHolds)
    .where(and(eq(seatHolds.courseId, courseId), liveHold(now)));
  return Number(holds.n) > 0 ? "checkout" : null;
}

const IN_USE: Record<EditionInUse, string> = { bookings: "has bookings", checkout: "has a checkout in progress" };

/** The refusal the dashboard recognises to offer deactivation instead. */
export class EditionHasBookingsError extends UnavailableError {
  constructor(
    readonly title: string,
    readonly inUse: EditionInUse,
  ) {
    super(`${title} ${IN_USE[inUse]}; deactivate it instead.`);
  }
}

/**
 * Spec 7 delete-course: only a future edition nobody has bought, is buying or
 * has been refunded for; its spent holds go with it, once their checkouts
 * are settled with the provider (settleCheckoutsBeforeDeleting). Answers its title.
 */
export async function deleteEdition(
  services: AppServices,
  actor: AdminActor,
  courseId: string,
  now: Date = new Date(),
): Promise<{ id: string; title: string }> {
  if (isUuid(courseId)) await settleCheckoutsBeforeDeleting(services, courseId, now);
  return services.database.db.transaction(async (tx) => {
    const row = await lockedEdition(tx, courseId);
    if (!row.startDate || row.startDate <= todayIsoDate(now)) throw new UnavailableError(`${row.title} has already started; past courses are kept.`);
    const inUse = await editionInUse(tx, row.id, now);
    if (inUse) {
      // Already deactivated, there is nothing more to offer: it stays, with its bookings, or until its checkout ends.
      if (row.isActive) throw new EditionHasBookingsError(row.title, inUse);
      throw new UnavailableError(
        inUse === "bookings"
          ? `${row.title} has bookings, so it is kept; it is already off sale and off the schedule.`
          : `${row.title} has a checkout in progress; it is already off sale, so it can be deleted once that checkout has ended.`,
      );
    }
    await tx.delete(courses).where(eq(courses.id, row.id));
    await recordAdminAction(tx, actor, {
      action: "edition.delete",
      subjectType: "edition",
      subjectId: row.id,
      summary: `Deleted ${row.title} on ${formatLongDate(row.startDate)}`,
      before: row,
    });
    return { id: row.id, title: row.title };
  });
}

/**
 * Takes an edition off sale and off the schedule, keeping its bookings; the
 * checkouts open on it end at once, so no one pays for it afterwards. Answers its title.
 */
export async function deactivateEdition(services: AppServices, actor: AdminActor, courseId: string): Promise<{ id: string; title: string }> {
  const deactivated = await services.database.db.transaction(async (tx) => {
    const row = await lockedEdition(tx, courseId);
    if (!row.isActive) return { id: row.id, title: row.title };
    const [after] = await tx.update(courses).set({ isActive: false }).where(eq(courses.id, row.id)).returning();
    await recordAdminAction(tx, actor, {
      action: "edition.deactivate",
      subjectType: "edition",
      subjectId: row.id,
      summary: `Deactivated ${row.title}${row.startDate ? ` on ${formatLongDate(row.startDate)}` : ""}`,
      before: row,
      after,
    });
    return { id: row.id, title: row.title };
  });
  // After the commit: from then on no checkout can take a place on it (take_place reads it under its lock).
  await closeOpenCheckouts(services, deactivated.id);
  return deactivated;
}

/** Only a date still to start can go back on sale: the public pages sell no other. */
function stillToStart<T extends { startDate: string | null }>(edition: T, today: string): edition is T & { startDate: string } {
  return edition.startDate !== null && edition.startDate > today;
}

const startedRefusal = (title: string) => `${title} has already started, so it cannot go back on sale.`;

/** Why an edition taken off sale cannot go back on sale, or null when it can: its page says so instead of offering the button. */
export function backOnSaleRefusal(edition: { title: string; startDate: string | null }, today: string = todayIsoDate()): string | null {
  return stillToStart(edition, today) ? null : startedRefusal(edition.title);
}

/**
 * Puts an edition taken off sale back on sale as it was: its capacity, price
 * and bookings unchanged, so the places already paid for stay taken. No
 * new-date email: it was announced when it was scheduled. The public pages
 * drop their copies on the courses table's change notice, as for any edition
 * change. Refused for a date that has started, and for a day the course is
 * already on sale again (a second edition made before scheduling refused one).
 */
export async function reactivateEdition(db: Database, actor: AdminActor, courseId: string, now: Date = new Date()): Promise<{ id: string; title: string }> {
  return db.transaction(async (tx) => {
    const row = await lockedEdition(tx, courseId);
    const day = row.startDate ? ` on ${formatLongDate(row.startDate)}` : "";
    if (row.isActive) throw new UnavailableError(`${row.title}${day} is already on sale.`);
    if (!stillToStart(row, todayIsoDate(now))) throw new UnavailableError(startedRefusal(row.title));
    await lockOffering(tx, row.offeringKey);
    const [twin] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.offeringKey, row.offeringKey), eq(courses.startDate, row.startDate), eq(courses.isActive, true)))
      .limit(1);
    if (twin) throw new UnavailableError(`Another date of ${row.title} on that day is on sale: only one can be.`);
    const [after] = await tx.update(courses).set({ isActive: true }).where(eq(courses.id, row.id)).returning();
    await recordAdminAction(tx, actor, {
      action: "edition.reactivate",
      subjectType: "edition",
      subjectId: row.id,
      summary: `Put ${row.title}${day} back on sale`,
      before: row,
      after,
    });
    return { id: row.id, title: row.title };
  });
}
