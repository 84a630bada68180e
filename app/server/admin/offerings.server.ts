import { asc, eq } from "drizzle-orm";

import type { OfferingUpdate } from "~/lib/schemas/admin";
import { type AdminActor, recordAdminAction } from "~/server/admin/audit.server";
import type { Database } from "~/server/db/client.server";
import { offerings } from "~/server/db/schema.server";
import { NotFoundError } from "~/server/platform/errors.server";

export interface AdminOffering {
  key: string;
  title: string;
  priceAmount: number;
  defaultCapacity: number;
  stripePriceId: string | null;
  listed: boolean;
}

/** Every offering, the test product included, in the institute's order. */
export async function listOfferingsForAdmin(db: Database): Promise<AdminOffering[]> {
  return db
    .select({
      key: offerings.key,
      title: offerings.title,
      priceAmount: offerings.priceAmount,
      defaultCapacity: offerings.defaultCapacity,
      stripePriceId: offerings.stripePriceId,
      listed: offerings.listed,
    })
    .from(offerings)
    .orderBy(asc(offerings.position), asc(offerings.title));
}

/**
 * A new price, default capacity and Stripe price id for what is scheduled
 * from now on: editions already scheduled keep what they were scheduled with.
 */
export async function updateOffering(db: Database, actor: AdminActor, update: OfferingUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(offerings).where(eq(offerings.key, update.key)).for("update");
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
