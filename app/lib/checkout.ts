import { CHECKOUT_MESSAGES, type CheckoutAnswer } from "./schemas/checkout";

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
}): Promise<{ url: string } | { error: string }> {
  let response: Response;
  try {
    response = await fetch(CHECKOUT_ENDPOINT, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(payload) });
  } catch {
    return { error: CHECKOUT_MESSAGES.unexpected };
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
