/** Spec 5 and 8: what the browser itself says about a checkout, and the booking page's "not available"; one wording for the page, the toast and the API. */
export const CHECKOUT_MESSAGES = {
  notAvailable: "This course is not available for booking at this time.",
  failed: "Failed to create checkout session.",
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
