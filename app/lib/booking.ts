/** Spec 5 and 9: only a price id starting with price_ can be booked. */
const PRICE_ID_PREFIX = "price_";

export function isBookablePriceId(priceId: string | null | undefined): priceId is string {
  return typeof priceId === "string" && priceId.startsWith(PRICE_ID_PREFIX) && priceId.length > PRICE_ID_PREFIX.length;
}
