import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the Stripe SDK sent it: the form body read back into its bracketed keys. */
interface StripeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

interface FakePrice {
  id: string;
  unit_amount: number;
  currency: string;
  active: boolean;
}

export interface FakeStripe {
  /** The base URL to give STRIPE_API_BASE. */
  url: string;
  requests: StripeRequest[];
  prices: Map<string, FakePrice>;
  coupons: Map<string, Record<string, unknown>>;
  sessions: Map<string, Record<string, unknown>>;
  /** How many of the next session creations answer 500 (each retry counts). */
  failSessionCreates: number;
  /** How long the answer to a request waits (a slow Stripe); none by default. */
  delayFor: (method: string, path: string) => number;
  /** The receipt each payment intent's latest charge carries. */
  receiptUrl: (paymentIntentId: string) => string;
  /** What has been refunded of each payment intent's charge (none unless set), as its latest charge says. */
  amountRefunded: Map<string, number>;
  requestsTo(method: string, path: string): StripeRequest[];
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });

const missing = (kind: string, id: string) => ({
  status: 404,
  body: { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${kind}: '${id}'`, param: "id" } },
});

/**
 * A small Stripe-compatible API on loopback, for the Stripe provider's tests:
 * it answers the calls the provider makes (prices, coupons, Checkout Sessions,
 * payment intents, refunds) as Stripe documents them and keeps every request,
 * so a test reads exactly what the official SDK sent.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  let sessionCount = 0;
  const refundsByKey = new Map<string, { asked: string; refund: object }>();
  const fake: FakeStripe = {
    url: "",
    close: () => Promise.resolve(),
    requests: [],
    prices: new Map(),
    coupons: new Map(),
    sessions: new Map(),
    failSessionCreates: 0,
    delayFor: () => 0,
    receiptUrl: (paymentIntentId) => `https://pay.stripe.com/receipts/payment/${paymentIntentId}`,
    amountRefunded: new Map(),
    requestsTo: (method, path) => fake.requests.filter((request) => request.method === method && request.path === path),
  };

  function answer(request: StripeRequest): { status: number; body: unknown } {
    const { method, path, form } = request;
    let match: RegExpMatchArray | null;
    if (method === "GET" && (match = path.match(/^\/v1\/prices\/([^/]+)$/))) {
      const price = fake.prices.get(match[1]);
      return price ? { status: 200, body: { object: "price", ...price } } : missing("price", match[1]);
    }
    if (method === "GET" && (match = path.match(/^\/v1\/coupons\/([^/]+)$/))) {
      const coupon = fake.coupons.get(match[1]);
      return coupon ? { status: 200, body: coupon } : missing("coupon", match[1]);
    }
    if (method === "POST" && path === "/v1/coupons") {
      const id = form.get("id")!;
      const coupon = {
        id,
        object: "coupon",
        name: form.get("name"),
        duration: form.get("duration"),
        amount_off: form.has("amount_off") ? Number(form.get("amount_off")) : null,
        percent_off: form.has("percent_off") ? Number(form.get("percent_off")) : null,
        currency: form.get("currency"),
      };
      fake.coupons.set(id, coupon);
      return { status: 200, body: coupon };
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      if (fake.failSessionCreates > 0) {
        fake.failSessionCreates -= 1;
        return { status: 500, body: { error: { type: "api_error", message: "Something went wrong on Stripe's end." } } };
      }
      const id = `cs_test_${++sessionCount}`;
      const session = {
        id,
        object: "checkout.session",
        mode: form.get("mode"),
        status: "open",
        payment_status: "unpaid",
        url: `https://checkout.stripe.com/c/pay/${id}`,
        customer_email: form.get("customer_email"),
        client_reference_id: form.get("client_reference_id"),
        metadata: { hold_id: form.get("metadata[hold_id]"), course_id: form.get("metadata[course_id]") },
        expires_at: Number(form.get("expires_at")),
        payment_intent: null,
      };
      fake.sessions.set(id, session);
      return { status: 200, body: session };
    }
    if (method === "GET" && (match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const session = fake.sessions.get(match[1]);
      return session ? { status: 200, body: session } : missing("checkout.session", match[1]);
    }
    if (method === "POST" && (match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/))) {
      const session = fake.sessions.get(match[1]);
      if (!session) return missing("checkout.session", match[1]);
      if (session.status !== "open") {
        return { status: 400, body: { error: { type: "invalid_request_error", message: `Only open sessions can be expired.` } } };
      }
      session.status = "expired";
      return { status: 200, body: session };
    }
    if (method === "GET" && (match = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
      const id = match[1];
      const charge = { id: `ch_${id}`, object: "charge", receipt_url: fake.receiptUrl(id), amount_refunded: fake.amountRefunded.get(id) ?? 0 };
      const expanded = request.query.getAll("expand[]").includes("latest_charge") || request.query.getAll("expand[0]").includes("latest_charge");
      return { status: 200, body: { id, object: "payment_intent", latest_charge: expanded ? charge : charge.id } };
    }
    if (method === "POST" && path === "/v1/refunds") {
      // As Stripe keeps an idempotency key's first request: the same parameters again are that refund, others an error.
      const asked = form.toString();
      const first = request.idempotencyKey ? refundsByKey.get(request.idempotencyKey) : undefined;
      if (first && first.asked !== asked) {
        const message = "Keys for idempotent requests can only be used with the same parameters they were first used with.";
        return { status: 400, body: { error: { type: "idempotency_error", message } } };
      }
      if (first) return { status: 200, body: first.refund };
      const refund = { id: `re_${fake.requests.length}`, object: "refund", payment_intent: form.get("payment_intent"), status: "succeeded" };
      if (request.idempotencyKey) refundsByKey.set(request.idempotencyKey, { asked, refund });
      return { status: 200, body: refund };
    }
    return { status: 404, body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` } } };
  }

  const server = createServer((incoming, outgoing) => {
    void readBody(incoming).then((text) => {
      const url = new URL(incoming.url ?? "/", "http://fake-stripe");
      const header = (name: string) => {
        const value = incoming.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const request: StripeRequest = {
        method: incoming.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        form: new URLSearchParams(text),
        idempotencyKey: header("idempotency-key"),
        authorization: header("authorization"),
      };
      fake.requests.push(request);
      const { status, body } = answer(request);
      const send = () => {
        // The SDK may have given up on a slow answer and closed the connection.
        if (outgoing.destroyed) return;
        outgoing.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${fake.requests.length}` });
        outgoing.end(JSON.stringify(body));
      };
      const delay = fake.delayFor(request.method, request.path);
      if (delay > 0) setTimeout(send, delay).unref();
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return fake;
}
