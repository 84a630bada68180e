import { createCookie } from "react-router";

import { isUuid } from "~/lib/uuid";

/** Enough for a guest booking a few dates; older ones have lapsed by the time a browser starts this many. */
const REMEMBERED_CHECKOUTS = 5;

/**
 * The guest checkouts this browser started (their holds' ids, newest first),
 * so that pressing Book Now again for the same date, back from the payment
 * page, replaces the earlier checkout instead of holding a second place
 * (take_place, drizzle/0019). Not signed: a hold's id is already in its own
 * cancel link, which gives its place back, and only guest holds on the date
 * being booked are replaced by it. An hour outlives every hold.
 */
const guestCheckoutsCookie = createCookie("gii.guest_checkouts", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 * 60 });

export async function guestCheckoutsOf(request: Request): Promise<string[]> {
  const value: unknown = await guestCheckoutsCookie.parse(request.headers.get("Cookie"));
  if (!Array.isArray(value)) return [];
  return value.filter((id): id is string => typeof id === "string" && isUuid(id)).slice(0, REMEMBERED_CHECKOUTS);
}

/** The cookie that adds a new guest checkout to those the browser remembers (Secure when the site is served over HTTPS). */
export function rememberGuestCheckout(earlier: readonly string[], holdId: string, siteUrl: string): Promise<string> {
  const remembered = [holdId, ...earlier.filter((id) => id !== holdId)].slice(0, REMEMBERED_CHECKOUTS);
  return guestCheckoutsCookie.serialize(remembered, { secure: siteUrl.startsWith("https:") });
}
