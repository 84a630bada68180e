import { z } from "zod";

import { isBookablePriceId } from "~/lib/booking";

import { safeString, trimmed } from "./fields";

/** The largest group an edition or offering may take: a guard against a typo of an extra digit. */
export const MAX_CAPACITY = 500;
const CAPACITY_MESSAGE = `Capacity must be a whole number from 1 to ${MAX_CAPACITY}.`;

const capacityField = z.preprocess(
  trimmed,
  safeString({ error: CAPACITY_MESSAGE })
    .regex(/^\d{1,3}$/, CAPACITY_MESSAGE)
    .transform(Number)
    .refine((value) => value >= 1 && value <= MAX_CAPACITY, CAPACITY_MESSAGE),
);

/**
 * "1,250.50" or "£1250.5" as pence; null when it is not an amount of pounds and pence.
 * A comma only separates thousands ("12,000"): "2,50" is refused, never read as £250.
 */
function poundsToMinorUnits(text: string): number | null {
  const amount = text.replace(/^£/, "");
  if (!/^(?:\d+|\d{1,3}(?:,\d{3})+)(?:\.\d{1,2})?$/.test(amount)) return null;
  const cleaned = amount.replaceAll(",", "");
  if (!/^\d{1,7}(?:\.\d{1,2})?$/.test(cleaned)) return null;
  const [pounds, pence = ""] = cleaned.split(".");
  return Number(pounds) * 100 + Number(pence.padEnd(2, "0"));
}

const poundsField = (message: string) =>
  z.preprocess(
    trimmed,
    safeString({ error: message }).transform((value, ctx) => {
      const amount = poundsToMinorUnits(value);
      if (amount === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return amount;
    }),
  );

/** An edition's places, changed by staff. */
export const EditionCapacitySchema = z.object({ capacity: capacityField });

const REFUND_AMOUNT_MESSAGE = "Enter the refund in pounds, for example 1500 or 250.50.";

/** A booking cancelled with a refund of this many pounds (held in pence after parsing). */
export const CancelBookingSchema = z.object({
  purchaseId: z.uuid({ error: "Unknown booking." }),
  amount: poundsField(REFUND_AMOUNT_MESSAGE),
});

const PRICE_MESSAGE = "Enter the price in pounds, for example 1500 or 1499.99.";
const FREE_PRICE_MESSAGE = "A course's price must be more than £0.";
const PRICE_ID_MESSAGE = "A Stripe price id starts with price_ (or leave it empty).";
const TEST_PRICE_ID_MESSAGE = "The test product needs a Stripe price id, starting with price_.";

const stripePriceIdField = z.preprocess(
  trimmed,
  safeString({ error: PRICE_ID_MESSAGE })
    .max(255, PRICE_ID_MESSAGE)
    .refine((value) => value === "" || (isBookablePriceId(value) && /^[A-Za-z0-9_]+$/.test(value)), PRICE_ID_MESSAGE)
    .transform((value) => value || null),
);

/** An offering's price, default capacity and Stripe price id, as staff edit them. */
export const OfferingUpdateSchema = z.object({
  key: z.preprocess(trimmed, safeString({ error: "Unknown offering." }).min(1, "Unknown offering.").max(100, "Unknown offering.")),
  // Nothing is sold for nothing: a £0 price would show as the fee, with "4 instalments of £0", and price every new date.
  price: poundsField(PRICE_MESSAGE).refine((amount) => amount > 0, FREE_PRICE_MESSAGE),
  defaultCapacity: capacityField,
  stripePriceId: stripePriceIdField,
});
export type OfferingUpdate = z.output<typeof OfferingUpdateSchema>;

/** The test product's Stripe price id: its price is the spec's £1, and it has no places to set; without one it cannot be bought. */
export const TestProductUpdateSchema = z.object({ stripePriceId: stripePriceIdField.refine((value) => value !== null, TEST_PRICE_ID_MESSAGE) });
export type TestProductUpdate = z.output<typeof TestProductUpdateSchema>;
