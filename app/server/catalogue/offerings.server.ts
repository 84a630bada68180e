import { and, asc, eq, inArray } from "drizzle-orm";

import { isBookablePriceId } from "~/lib/booking";
import type { Database, Transaction } from "~/server/db/client.server";
import { offerings } from "~/server/db/schema.server";

export type OfferingRow = typeof offerings.$inferSelect;

/** What pages show of an offering: the facts and the price, all from the database. */
export interface OfferingFacts {
  key: string;
  title: string;
  slug: string;
  format: string;
  location: string;
  lengthDays: number;
  /** Minor units (pence). */
  priceAmount: number;
  priceCurrency: string;
  stripePriceId: string | null;
  /** Spec 5: dates scheduled from now on can be sold only with a price id starting with price_ ('Details Coming Soon' while no date is on sale either). */
  bookable: boolean;
}

export function offeringFacts(row: OfferingRow): OfferingFacts {
  return {
    key: row.key,
    title: row.title,
    slug: row.slug,
    format: row.format,
    location: row.location,
    lengthDays: row.lengthDays,
    priceAmount: row.priceAmount,
    priceCurrency: row.priceCurrency,
    stripePriceId: row.stripePriceId,
    bookable: isBookablePriceId(row.stripePriceId),
  };
}

/** The key of the administrators' £1 test product (spec 2, Admin dashboard): an offering visitors never see. */
export const TEST_PRODUCT_KEY = "test-product";

/** Every offering visitors see, in the institute's order. */
export async function listOfferings(db: Database | Transaction): Promise<OfferingFacts[]> {
  const rows = await db.select().from(offerings).where(eq(offerings.listed, true)).orderBy(asc(offerings.position), asc(offerings.title));
  return rows.map(offeringFacts);
}

/** The offerings with these keys, by key (a key with no row is absent). */
export async function offeringsByKey(db: Database | Transaction, keys: readonly string[]): Promise<Record<string, OfferingFacts>> {
  if (keys.length === 0) return {};
  const rows = await db
    .select()
    .from(offerings)
    .where(inArray(offerings.key, [...keys]));
  return Object.fromEntries(rows.map((row) => [row.key, offeringFacts(row)]));
}

export async function findOffering(db: Database | Transaction, key: string): Promise<OfferingRow | null> {
  const [row] = await db.select().from(offerings).where(eq(offerings.key, key));
  return row ?? null;
}

export async function findOfferingBySlug(db: Database | Transaction, slug: string): Promise<OfferingRow | null> {
  const [row] = await db
    .select()
    .from(offerings)
    .where(and(eq(offerings.slug, slug), eq(offerings.listed, true)));
  return row ?? null;
}

/** Each offering's page slug, by key: where an edition's course page is. */
export async function slugsByKey(db: Database | Transaction): Promise<Record<string, string>> {
  const rows = await db.select({ key: offerings.key, slug: offerings.slug }).from(offerings);
  return Object.fromEntries(rows.map((row) => [row.key, row.slug]));
}
