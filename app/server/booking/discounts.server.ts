import { and, eq, inArray, lt, or, type SQL } from "drizzle-orm";

import { DISCOUNT_RULES, discountAmount, type DiscountRule, type ViewerPrice } from "~/lib/discounts";
import { SUCCESSFUL_PURCHASE_STATUSES } from "~/lib/purchases";
import { unclaimedGuestPurchases } from "~/server/accounts/purchases.server";
import { todayIsoDate } from "~/server/catalogue/editions.server";
import type { Database, Transaction } from "~/server/db/client.server";
import { courses, userCoursePurchases, users } from "~/server/db/schema.server";

/** The full-arch programme: its alumni get half off Full Arch Complications. */
const FULL_ARCH_LEVELS = ["level-1", "level-2", "level-3"];

/** A verified buyer, as the discount rules know them. */
interface Buyer {
  id: string;
  email: string;
}

/**
 * The buyer's purchases: their account's, and those they made as a guest
 * with its verified email that the account has not claimed yet. They are the
 * buyer's whether or not the browser's claim call (spec 7) has run.
 */
function purchasesOf(buyer: Buyer): SQL {
  return or(eq(userCoursePurchases.userId, buyer.id), unclaimedGuestPurchases(buyer.email))!;
}

/** The offerings of the courses this person has attended: paid for, and over by `today`. */
async function attendedOfferings(db: Database | Transaction, buyer: Buyer, today: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ offeringKey: courses.offeringKey })
    .from(userCoursePurchases)
    .innerJoin(courses, eq(courses.id, userCoursePurchases.courseId))
    .where(and(purchasesOf(buyer), inArray(userCoursePurchases.status, [...SUCCESSFUL_PURCHASE_STATUSES]), lt(courses.endDate, today)));
  return new Set(rows.map((row) => row.offeringKey));
}

/**
 * The £100 off a first course is still the buyer's: they ticked the sign-up
 * box, have not used it, and have no course bought or settling (a bank
 * payment, whichever date and discount it has), as a guest either. An unpaid
 * checkout gives its £100 up to the next one (checkout.server.ts).
 */
async function firstCourseDiscountOpen(db: Database | Transaction, buyer: Buyer & { consent: boolean; claimed: boolean }): Promise<boolean> {
  if (!buyer.consent || buyer.claimed) return false;
  const [boughtBefore] = await db
    .select({ id: userCoursePurchases.id })
    .from(userCoursePurchases)
    .where(and(purchasesOf(buyer), inArray(userCoursePurchases.status, [...SUCCESSFUL_PURCHASE_STATUSES, "pending"])))
    .limit(1);
  return !boughtBefore;
}

/**
 * For the account page: whether this person's next booking gets £100 off as a
 * first course (verified, and the offer still open). The person is the
 * session's, whose row the auth library has just read.
 */
export async function hasFirstCourseDiscount(
  db: Database,
  person: { id: string; email: string; emailVerified: boolean; signupMarketingConsent: boolean; giiSignupDiscountClaimed: boolean },
): Promise<boolean> {
  if (!person.emailVerified) return false;
  return firstCourseDiscountOpen(db, { ...person, consent: person.signupMarketingConsent, claimed: person.giiSignupDiscountClaimed });
}

/** The offerings whose price an alumni discount can lower: only a booking of one of these asks what its buyer attended. */
const ALUMNI_PRICED_OFFERINGS = new Set(["level-2", "complications"]);

/** What decides a buyer's discounts, read once: the first-course offer, and the courses attended when a rule asks. */
interface DiscountFacts {
  firstCourse: boolean;
  attended: Set<string>;
}

/**
 * Reads a verified buyer's discount facts; null for an unverified one, who gets
 * none. In a checkout the buyer's row is read FOR UPDATE: it stays locked until
 * the hold is committed, so a buyer's concurrent checkouts on other dates
 * (other editions' locks) wait and then see the first one's hold. A page only
 * showing discounts takes no lock.
 */
async function discountFacts(
  db: Database | Transaction,
  buyerId: string,
  { today, offeringKeys, lock }: { today: string; offeringKeys: readonly string[]; lock: boolean },
): Promise<DiscountFacts | null> {
  const buyerRow = db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      consent: users.signupMarketingConsent,
      claimed: users.giiSignupDiscountClaimed,
    })
    .from(users)
    .where(eq(users.id, buyerId));
  const [buyer] = lock ? await buyerRow.for("update") : await buyerRow;
  if (!buyer?.emailVerified) return null;
  return {
    firstCourse: await firstCourseDiscountOpen(db, buyer),
    attended: offeringKeys.some((key) => ALUMNI_PRICED_OFFERINGS.has(key)) ? await attendedOfferings(db, buyer, today) : new Set(),
  };
}

/**
 * The one discount a booking gets, the largest that applies (design.md 5):
 * £100 off the first course for a verified account that ticked the sign-up
 * box and has not used it (nor has it on a bank payment still settling; an
 * unpaid checkout holding it, for any date, gives it up to the new one); £500 off
 * Level 2 after attending Level 1; half off Full Arch Complications for past
 * full-arch attendees. Guests get none.
 */
function largestDiscount(facts: DiscountFacts, edition: { offeringKey: string; priceAmount: number }): DiscountRule | null {
  const rules: DiscountRule[] = [];
  if (facts.firstCourse) rules.push(DISCOUNT_RULES.signup);
  if (edition.offeringKey === "level-2" && facts.attended.has("level-1")) rules.push(DISCOUNT_RULES["level-1-alumni"]);
  if (edition.offeringKey === "complications" && FULL_ARCH_LEVELS.some((key) => facts.attended.has(key))) rules.push(DISCOUNT_RULES["full-arch-alumni"]);
  let best: DiscountRule | null = null;
  for (const rule of rules) if (!best || discountAmount(rule, edition.priceAmount) > discountAmount(best, edition.priceAmount)) best = rule;
  return best;
}

/** The discount a checkout gives (largestDiscount), read under the buyer's row lock (discountFacts). */
export async function bestDiscount(
  db: Database | Transaction,
  buyerId: string | null,
  edition: { id: string; offeringKey: string; priceAmount: number },
  { today }: { today: string },
): Promise<DiscountRule | null> {
  if (!buyerId) return null;
  const facts = await discountFacts(db, buyerId, { today, offeringKeys: [edition.offeringKey], lock: true });
  return facts && largestDiscount(facts, edition);
}

/**
 * What the discount would be for this buyer on each of these editions, for the
 * booking page's cards: the same rule as a checkout's, from one read of the
 * buyer's facts, without a lock.
 */
export async function discountsFor(
  db: Database,
  buyerId: string | null,
  editions: readonly { id: string; offeringKey: string; priceAmount: number | null }[],
  now = new Date(),
): Promise<Record<string, { rule: DiscountRule; amount: number }>> {
  if (!buyerId || editions.length === 0) return {};
  const facts = await discountFacts(db, buyerId, { today: todayIsoDate(now), offeringKeys: editions.map((edition) => edition.offeringKey), lock: false });
  if (!facts) return {};
  const found: Record<string, { rule: DiscountRule; amount: number }> = {};
  for (const edition of editions) {
    if (edition.priceAmount === null) continue;
    const rule = largestDiscount(facts, { offeringKey: edition.offeringKey, priceAmount: edition.priceAmount });
    if (rule) found[edition.id] = { rule, amount: discountAmount(rule, edition.priceAmount) };
  }
  return found;
}

/**
 * Each edition with what this viewer would pay for it where one of their
 * discounts applies, as /booking's cards and the checkout reckon it, so a
 * course page's Book Now does not show £12,000 for a checkout of £11,900.
 * Dates they have booked already get no price: they cannot buy them again.
 */
export async function withViewerPrices<T extends { id: string; offeringKey: string; priceAmount: number | null; bookedByViewer: boolean }>(
  db: Database,
  viewerId: string | null,
  editions: readonly T[],
): Promise<(T & { viewerPrice: ViewerPrice | null })[]> {
  const discounts = await discountsFor(
    db,
    viewerId,
    editions.filter((edition) => !edition.bookedByViewer),
  );
  return editions.map((edition) => {
    const discount = discounts[edition.id];
    return {
      ...edition,
      viewerPrice: discount && edition.priceAmount !== null ? { amount: edition.priceAmount - discount.amount, discountName: discount.rule.name } : null,
    };
  });
}
