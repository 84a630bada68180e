/** Spec 5 and 8, and what the booking service answers: one wording for the page, the toast and the API. */
export const CHECKOUT_MESSAGES = {
  priceIdMissing: "Stripe Price ID is not configured for this course.",
  notAvailable: "This course is not available for booking at this time.",
  fullyBooked: "Fully booked: every place on these dates has been taken. Register your interest to hear about the next ones.",
  heldAtCheckout:
    "Every place left on these dates is held by a dentist at checkout. A place not paid for comes free within half an hour: please try again then, or register your interest.",
  failed: "Failed to create checkout session.",
  alreadyBooked: "You have already booked these dates: your booking is in your account.",
  replaced: "You started another checkout meanwhile, which took this one's place. Please continue with that one.",
  tooManyHolds: "Several checkouts started from your connection are still open. Finish or cancel one of them, or wait half an hour, then try again.",
  redirectFailed: "Failed to redirect to Stripe.",
  stripeJsFailed: "Stripe.js failed to load.",
  unexpected: "An unexpected error occurred.",
} as const;

/** What the API answers: the session, and where the browser goes to pay. */
interface CheckoutAnswer {
  sessionId?: string;
  url?: string;
  error?: string;
}

const CHECKOUT_ENDPOINT = "/api/v2/create-checkout-session";

/**
 * Asks the server for a Checkout Session (spec 7) and answers where the browser
 * goes to pay, or the message to show (spec 8: the server's error, else the
 * spec's fallbacks).
 */
export async function requestCheckout(payload: {
  priceId: string | null;
  courseId: string;
  userId: string | null;
}): Promise<{ url: string } | { error: string; unanswered?: true }> {
  let response: Response;
  try {
    response = await fetch(CHECKOUT_ENDPOINT, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(payload) });
  } catch {
    // Never reached the server (offline, say): nothing on the page has changed because of it.
    return { error: CHECKOUT_MESSAGES.unexpected, unanswered: true };
  }
  let answer: CheckoutAnswer = {};
  try {
    answer = (await response.json()) as CheckoutAnswer;
  } catch {
    // A proxy's error page: no message to relay.
  }
  if (!response.ok) return { error: typeof answer.error === "string" && answer.error ? answer.error : CHECKOUT_MESSAGES.failed };
  // The spec's client redirected by session id with Stripe.js, which this site does not load: only a URL will do.
  if (!answer.url) return { error: answer.sessionId ? CHECKOUT_MESSAGES.stripeJsFailed : CHECKOUT_MESSAGES.failed };
  if (!/^https?:\/\//.test(answer.url)) return { error: CHECKOUT_MESSAGES.redirectFailed };
  return { url: answer.url };
}
