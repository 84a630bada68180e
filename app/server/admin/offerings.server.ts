import { and, asc, eq, ne } from "drizzle-orm";

import type { OfferingUpdate, TestProductUpdate } from "~/lib/schemas/admin";
import { type AdminActor, recordAdminAction } from "~/server/admin/audit.server";
import { TEST_PRODUCT_KEY } from "~/server/catalogue/offerings.server";
import type { Database } from "~/server/db/client.server";
import { courses, offerings } from "~/server/db/schema.server";
import { NotFoundError } from "~/server/platform/errors.server";

export interface AdminOffering {
  key: string;
  title: string;
  priceAmount: number;
  defaultCapacity: number;
  stripePriceId: string | null;
}

/** Every offering staff schedule editions of, in the institute's order (the test product is never scheduled). */
export async function listOfferingsForAdmin(db: Database): Promise<AdminOffering[]> {
  return db
    .select({
      key: offerings.key,
      title: offerings.title,
      priceAmount: offerings.priceAmount,
      defaultCapacity: offerings.defaultCapacity,
      stripePriceId: offerings.stripePriceId,
    })
    .from(offerings)
    .where(ne(offerings.key, TEST_PRODUCT_KEY))
    .orderBy(asc(offerings.position), asc(offerings.title));
}

/** What the dashboard's test purchase sells: its one edition's price and Stripe price id. */
export interface AdminTestProduct {
  title: string;
  priceAmount: number | null;
  stripePriceId: string | null;
}

export async function testProductForAdmin(db: Database): Promise<AdminTestProduct | null> {
  const [row] = await db
    .select({ title: courses.title, priceAmount: courses.priceAmount, stripePriceId: courses.stripePriceId })
    .from(courses)
    .where(eq(courses.offeringKey, TEST_PRODUCT_KEY))
    .limit(1);
  return row ?? null;
}

/**
 * A new price, default capacity and Stripe price id for what is scheduled
 * from now on: editions already scheduled keep what they were scheduled with.
 */
export async function updateOffering(db: Database, actor: AdminActor, update: OfferingUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(offerings)
      .where(and(eq(offerings.key, update.key), ne(offerings.key, TEST_PRODUCT_KEY)))
      .for("update");
    if (!before) throw new NotFoundError("There is no such offering.");
    const after = { priceAmount: update.price, defaultCapacity: update.defaultCapacity, stripePriceId: update.stripePriceId };
    await tx.update(offerings).set(after).where(eq(offerings.key, update.key));
    await recordAdminAction(tx, actor, {
      action: "offering.update",
      subjectType: "offering",
      subjectId: update.key,
      summary: `Updated ${before.title}`,
      before: { priceAmount: before.priceAmount, defaultCapacity: before.defaultCapacity, stripePriceId: before.stripePriceId },
      after,
    });
  });
}

/**
 * The Stripe price id the test purchase is sold under, on its edition (what the
 * checkout reads) and its offering alike. Its price stays the spec's £1: with
 * Stripe, the id must name a £1 price, or the checkout refuses it.
 */
export async function updateTestProduct(db: Database, actor: AdminActor, update: TestProductUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(courses).where(eq(courses.offeringKey, TEST_PRODUCT_KEY)).limit(1).for("update");
    if (!before) throw new NotFoundError("There is no test product.");
    const after = { stripePriceId: update.stripePriceId };
    await tx.update(courses).set(after).where(eq(courses.id, before.id));
    await tx.update(offerings).set(after).where(eq(offerings.key, TEST_PRODUCT_KEY));
    await recordAdminAction(tx, actor, {
      action: "offering.update",
      subjectType: "offering",
      subjectId: TEST_PRODUCT_KEY,
      summary: `Updated ${before.title}`,
      before: { stripePriceId: before.stripePriceId },
      after,
    });
  });
}
