import { formatMinorUnits } from "./format";

/**
 * design.md 5: the discounts a booking can carry, one per booking (the
 * largest). Amounts in minor units (pence); the percentage one is worked out
 * on the edition's price.
 */
export const DISCOUNT_KINDS = ["signup", "level-1-alumni", "full-arch-alumni"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export interface DiscountRule {
  kind: DiscountKind;
  /** What the buyer reads on the card, the checkout page, the email and the receipt. */
  name: string;
  amountOff?: number;
  percentOff?: number;
}

export const DISCOUNT_RULES: Readonly<Record<DiscountKind, DiscountRule>> = {
  signup: { kind: "signup", name: "£100 off your first course", amountOff: 10_000 },
  "level-1-alumni": { kind: "level-1-alumni", name: "£500 off Level 2 for Level 1 graduates", amountOff: 50_000 },
  "full-arch-alumni": { kind: "full-arch-alumni", name: "50% off for past full arch attendees", percentOff: 50 },
};

/** What a rule takes off a price: never more than the price itself. */
export function discountAmount(rule: DiscountRule, price: number): number {
  const off = rule.amountOff ?? Math.round((price * (rule.percentOff ?? 0)) / 100);
  return Math.max(0, Math.min(price, off));
}

/** A booking's discount as staff read it: "£100 off your first course (−£100)"; empty without one. */
export function discountLabel(kind: string | null, amountDiscount: number): string {
  if (!kind) return "";
  const rule = (DISCOUNT_RULES as Readonly<Record<string, DiscountRule | undefined>>)[kind];
  return `${rule?.name ?? kind} (−${formatMinorUnits(amountDiscount)})`;
}

/** A signed-in viewer's price for a date, as their checkout would charge it: the course pages say it beside Book Now. */
export interface ViewerPrice {
  /** Minor units, after the discount. */
  amount: number;
  discountName: string;
}
