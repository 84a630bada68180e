import { and, eq, inArray, lt } from "drizzle-orm";

import { DISCOUNT_RULES, discountAmount, type DiscountRule } from "~/lib/discounts";
import { SUCCESSFUL_PURCHASE_STATUSES } from "~/lib/purchases";
import type { Database, Transaction } from "~/server/db/client.server";
import { courses, seatHolds, userCoursePurchases, users } from "~/server/db/schema.server";

/** The full-arch programme: its alumni get half off Full Arch Complications. */
const FULL_ARCH_LEVELS = ["level-1", "level-2", "level-3"];

/** The offerings of the courses this person has attended: paid for, and over by `today`. */
async function attendedOfferings(db: Database | Transaction, userId: string, today: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ offeringKey: courses.offeringKey })
    .from(userCoursePurchases)
    .innerJoin(courses, eq(courses.id, userCoursePurchases.courseId))
    .where(and(eq(userCoursePurchases.userId, userId), inArray(userCoursePurchases.status, [...SUCCESSFUL_PURCHASE_STATUSES]), lt(courses.endDate, today)));
  return new Set(rows.map((row) => row.offeringKey));
}

/**
 * The £100 off a first course is still the buyer's: they ticked the sign-up
 * box, have not used it, have bought no course, and have none settling with it.
 */
async function firstCourseDiscountOpen(db: Database | Transaction, buyerId: string, buyer: { consent: boolean; claimed: boolean }): Promise<boolean> {
  if (!buyer.consent || buyer.claimed) return false;
  const [boughtBefore] = await db
    .select({ id: userCoursePurchases.id })
    .from(userCoursePurchases)
    .where(and(eq(userCoursePurchases.userId, buyerId), inArray(userCoursePurchases.status, [...SUCCESSFUL_PURCHASE_STATUSES])))
    .limit(1);
  // An unpaid checkout gives its £100 up to the next one (checkout.server.ts); a bank payment settling, on any date, does not.
  const [settling] = await db
    .select({ id: seatHolds.id })
    .from(seatHolds)
    .where(and(eq(seatHolds.userId, buyerId), eq(seatHolds.discountKind, "signup"), eq(seatHolds.status, "awaiting_payment")))
    .limit(1);
  return !boughtBefore && !settling;
}

/**
 * For the account page: whether this person's next booking gets £100 off as a
 * first course (verified, and the offer still open). The person is the
 * session's, whose row the auth library has just read.
 */
export async function hasFirstCourseDiscount(
  db: Database,
  person: { id: string; emailVerified: boolean; signupMarketingConsent: boolean; giiSignupDiscountClaimed: boolean },
): Promise<boolean> {
  if (!person.emailVerified) return false;
  return firstCourseDiscountOpen(db, person.id, { consent: person.signupMarketingConsent, claimed: person.giiSignupDiscountClaimed });
}

/**
 * The one discount a booking gets, the largest that applies (design.md 5):
 * £100 off the first course for a verified account that ticked the sign-up
 * box and has not used it (nor has it on a bank payment still settling; an
 * unpaid checkout holding it, for any date, gives it up to the new one); £500 off
 * Level 2 after attending Level 1; half off Full Arch Complications for past
 * full-arch attendees. Guests get none.
 *
 * The buyer's row is read FOR UPDATE: in a checkout's transaction it stays
 * locked until the hold is committed, so a buyer's concurrent checkouts on
 * other dates (other editions' locks) wait and then see the first one's hold.
 */
export async function bestDiscount(
  db: Database | Transaction,
  buyerId: string | null,
  edition: { id: string; offeringKey: string; priceAmount: number },
  { today }: { today: string },
): Promise<DiscountRule | null> {
  if (!buyerId) return null;
  const [buyer] = await db
    .select({ emailVerified: users.emailVerified, consent: users.signupMarketingConsent, claimed: users.giiSignupDiscountClaimed })
    .from(users)
    .where(eq(users.id, buyerId))
    .for("update");
  if (!buyer?.emailVerified) return null;

  const rules: DiscountRule[] = [];
  if (await firstCourseDiscountOpen(db, buyerId, buyer)) rules.push(DISCOUNT_RULES.signup);
  if (edition.offeringKey === "level-2" || edition.offeringKey === "complications") {
    const attended = await attendedOfferings(db, buyerId, today);
    if (edition.offeringKey === "level-2" && attended.has("level-1")) rules.push(DISCOUNT_RULES["level-1-alumni"]);
    if (edition.offeringKey === "complications" && FULL_ARCH_LEVELS.some((key) => attended.has(key))) rules.push(DISCOUNT_RULES["full-arch-alumni"]);
  }
  let best: DiscountRule | null = null;
  for (const rule of rules) if (!best || discountAmount(rule, edition.priceAmount) > discountAmount(best, edition.priceAmount)) best = rule;
  return best;
}
