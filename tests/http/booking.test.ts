import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { CHECKOUT_MESSAGES } from "~/lib/checkout";
import { CHECKOUT_REFUSALS } from "~/lib/checkout-refusals";
import { formatDateRange } from "~/lib/format";
import { GUEST_NAME_REQUIRED } from "~/lib/schemas/checkout";
import { NAME_MARKUP_MESSAGE } from "~/lib/schemas/fields";
import { editionBookings } from "~/server/admin/editions.server";
import { seatHolds, userCoursePurchases } from "~/server/db/schema.server";
import { localWebhookSecret } from "~/server/payments/local.server";

import { builtInCheckout, checkoutSessionObject, editionFor } from "../support/booking";
import { type FakeStripe, startFakeStripe } from "../support/fake-stripe";
import { type HttpApp, rawRequest, startHttpApp } from "../support/http-app";
import { createPerson } from "../support/people";

let app: HttpApp;
beforeAll(async () => {
  app = await startHttpApp({ CHECKOUT_RATE_LIMIT: "1000", CHECKOUT_HOLDS_PER_ADDRESS: "1000" });
});
afterAll(async () => {
  await app?.close();
});

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  path: "/api/v2/create-checkout-session",
  headers: { "Content-Type": "application/json", Origin: app.url, ...headers },
  body: JSON.stringify(body),
});
/** The edition's bookings as staff see them on its page. */
const bookingsOf = (courseId: string) => editionBookings(app.services.database.db, courseId);

describe("booking over HTTP", () => {
  it("renders /booking on the server: the logged-out offer, every bookable edition as a card with its dates, price, places and Book Now", async () => {
    const edition = await editionFor(app.services.database, { capacity: 7 });
    const answer = await rawRequest(app.url, { path: "/booking", headers: { "User-Agent": "Googlebot/2.1" } });
    expect(answer.status).toBe(200);
    const html = answer.body.replace(/<!-- -->/g, "");
    expect(html).toContain('href="/auth?view=sign_in"');
    expect(html).toContain('href="/auth?view=sign_up"');
    expect(html).toContain(`name="courseId" value="${edition.id}"`);
    expect(html).toContain("7 places left");
    expect(html).toContain("£1,500");
    expect(html).toContain("Sinus Grafting");
    // The administrators' test product is never offered.
    expect(html).not.toContain("Test Product");
  });

  it("starts a checkout from the site's pages and from scripts without cookies, answering JSON for every outcome", async () => {
    const edition = await editionFor(app.services.database, { capacity: 1 });
    const started = await rawRequest(app.url, json({ priceId: "price_sinus_grafting", courseId: edition.id, userId: null }));
    expect(started.status).toBe(200);
    const { sessionId, url } = JSON.parse(started.body) as { sessionId: string; url: string };
    expect(url).toBe(`${app.services.env.siteUrl}/dev/checkout/${sessionId}`);
    expect(started.headers["cache-control"]).toBe("private, no-store");

    const full = await rawRequest(app.url, json({ courseId: edition.id }));
    expect(full.status).toBe(409);
    expect(JSON.parse(full.body)).toEqual({ error: CHECKOUT_REFUSALS.heldAtCheckout });
    expect((await rawRequest(app.url, json({ courseId: edition.id }, { Origin: "https://evil.example" }))).status).toBe(403);
    // A script's call (no Origin, no cookie) is judged like a page's; with a cookie, an Origin is needed.
    const { Origin: _origin, ...withoutOrigin } = json({}).headers;
    const scripted = await rawRequest(app.url, { ...json({ courseId: edition.id }), headers: withoutOrigin });
    expect({ status: scripted.status, body: JSON.parse(scripted.body) }).toEqual({ status: 409, body: { error: CHECKOUT_REFUSALS.heldAtCheckout } });
    expect((await rawRequest(app.url, { ...json({ courseId: edition.id }), headers: { ...withoutOrigin, Cookie: "gii.session_token=someone" } })).status).toBe(
      403,
    );
    expect((await rawRequest(app.url, { method: "GET", path: "/api/v2/create-checkout-session" })).status).toBe(405);
  });

  it("shows a signed-in buyer back from the checkout the date their unpaid checkout holds as theirs to book; anonymous pages, which the page cache shares, say it is held at checkout", async () => {
    const edition = await editionFor(app.services.database, { days: 123, capacity: 1 });
    const buyer = await createPerson({ db: app.services.database.db, auth: app.services.auth });
    expect((await rawRequest(app.url, json({ courseId: edition.id }, { Cookie: buyer.cookie }))).status).toBe(200);
    const bookNow = `name="courseId" value="${edition.id}"`;
    const dates = formatDateRange(edition.startDate!, edition.endDate);
    const view = async (path: string, headers: Record<string, string> = {}) => {
      const answer = await rawRequest(app.url, { path, headers: { "User-Agent": "Googlebot/2.1", ...headers } });
      expect(answer.status, path).toBe(200);
      const html = answer.body.replace(/<!-- -->/g, "");
      // The schedule's entry for the date: its places, up to the end of its item.
      const entry = html.slice(html.indexOf(dates), html.indexOf("</li>", html.indexOf(dates)));
      return { html, entry, cache: answer.headers["x-cache"] };
    };
    const pages = ["/booking", "/courses/sinus-grafting", "/courses/grafting"];

    for (const path of pages) expect((await view(path)).html, path).not.toContain(bookNow);
    expect((await view("/upcoming-events")).entry).toContain("All places held at checkout");
    for (const path of pages) expect((await view(path, { Cookie: buyer.cookie })).html, path).toContain(bookNow);
    const schedule = await view("/upcoming-events", { Cookie: buyer.cookie });
    expect(schedule.entry).toContain("1 place left");
    expect(schedule.cache).toBeUndefined();
    // Still full for everyone else, whether or not from the cache.
    for (const path of pages) expect((await view(path)).html, path).not.toContain(bookNow);
    expect((await view("/upcoming-events")).entry).toContain("All places held at checkout");
    expect((await rawRequest(app.url, json({ courseId: edition.id }, { Cookie: buyer.cookie }))).status).toBe(200);
  });

  it("frees the place when the buyer comes back through the cancel link", async () => {
    const edition = await editionFor(app.services.database, { capacity: 1 });
    const started = await rawRequest(app.url, json({ courseId: edition.id }));
    const { sessionId } = JSON.parse(started.body) as { sessionId: string };
    const [hold] = await app.services.database.db.select().from(seatHolds).where(eq(seatHolds.checkoutSessionId, sessionId));
    const canceled = await rawRequest(app.url, { path: `/booking-canceled?hold=${hold.id}` });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toContain("Your booking process was canceled. You have not been charged.");
    expect(canceled.body).toContain("Your place has been released.");
    expect((await rawRequest(app.url, json({ courseId: edition.id }))).status).toBe(200);
  });

  it("speaks of a released place only when its link names a checkout", async () => {
    for (const path of ["/booking-canceled", "/booking-canceled?hold=00000000-0000-4000-8000-000000000000", "/booking-canceled?hold=not-a-hold"]) {
      const canceled = await rawRequest(app.url, { path });
      expect(canceled.status, path).toBe(200);
      expect(canceled.body, path).toContain("Your booking process was canceled. You have not been charged.");
      expect(canceled.body, path).not.toContain("Your place has been released.");
    }
  });

  it("sends a buyer who follows the cancel link after paying to their booking's confirmation, not to 'You have not been charged.'", async () => {
    const edition = await editionFor(app.services.database, { capacity: 1 });
    const started = await rawRequest(app.url, json({ courseId: edition.id }));
    const { sessionId } = JSON.parse(started.body) as { sessionId: string };
    const [hold] = await app.services.database.db.select().from(seatHolds).where(eq(seatHolds.checkoutSessionId, sessionId));
    await builtInCheckout(app.services).pay(sessionId, { method: "card", email: "back.after.paying@example.com" });

    const canceled = await rawRequest(app.url, { path: `/booking-canceled?hold=${hold.id}` });
    expect(canceled.status).toBe(302);
    expect(canceled.headers.location).toBe(`/booking-success?session_id=${sessionId}`);
    expect(canceled.body).not.toContain("You have not been charged.");
    const success = await rawRequest(app.url, { path: canceled.headers.location as string });
    expect(success.body).toContain("Booking Confirmed!");
    expect((await rawRequest(app.url, json({ courseId: edition.id }))).status).toBe(409);
  });

  it("Book Now without scripts posts the page's account: a page drawn for a dentist since signed out is refused on the page, holding nothing", async () => {
    const edition = await editionFor(app.services.database, { capacity: 2 });
    const dentist = await createPerson({ db: app.services.database.db, auth: app.services.auth });
    const page = await rawRequest(app.url, { path: "/booking", headers: { Cookie: dentist.cookie } });
    expect(page.body).toContain(`name="userId" value="${dentist.id}"`);
    const bookNow = (headers: Record<string, string>) =>
      rawRequest(app.url, {
        method: "POST",
        path: "/booking",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", Origin: app.url, ...headers },
        body: new URLSearchParams({ courseId: edition.id, userId: dentist.id }).toString(),
      });
    const refused = await bookNow({});
    expect(refused.status).toBe(409);
    expect(refused.body.replaceAll("&#x27;", "'")).toContain(CHECKOUT_REFUSALS.signedOut);
    expect(await app.services.database.db.select().from(seatHolds).where(eq(seatHolds.courseId, edition.id))).toEqual([]);

    const booked = await bookNow({ Cookie: dentist.cookie });
    expect(booked.status).toBe(303);
    expect(booked.headers.location).toMatch(/\/dev\/checkout\/cs_local_/);
    expect(await app.services.database.db.select().from(seatHolds).where(eq(seatHolds.courseId, edition.id))).toMatchObject([{ userId: dentist.id }]);
  });

  it("sends a second Pay of the built-in checkout (a double submit, or Back then Pay) to the confirmation, not to 'expired'", async () => {
    const edition = await editionFor(app.services.database, { capacity: 2 });
    const { sessionId } = JSON.parse((await rawRequest(app.url, json({ courseId: edition.id }))).body) as { sessionId: string };
    const pay = () =>
      rawRequest(app.url, {
        method: "POST",
        path: `/dev/checkout/${sessionId}`,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
        body: "method=card&email=paid.twice%40example.com&name=Dr+Paid+Twice",
      });
    const first = await pay();
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe(`${app.services.env.siteUrl}/booking-success?session_id=${sessionId}`);
    const again = await pay();
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe(first.headers.location);
    const purchases = await app.services.database.db.select().from(userCoursePurchases).where(eq(userCoursePurchases.courseId, edition.id));
    expect(purchases).toHaveLength(1);
  });

  it("asks a guest at the built-in checkout for their full name, as Stripe's page does, and shows staff who booked", async () => {
    const edition = await editionFor(app.services.database, { capacity: 2 });
    const { sessionId } = JSON.parse((await rawRequest(app.url, json({ courseId: edition.id }))).body) as { sessionId: string };
    const page = await rawRequest(app.url, { path: `/dev/checkout/${sessionId}` });
    expect(page.body).toMatch(/<input[^>]*name="name"[^>]*autoComplete="name"|<input[^>]*autoComplete="name"[^>]*name="name"/i);
    const pay = (body: string) =>
      rawRequest(app.url, {
        method: "POST",
        path: `/dev/checkout/${sessionId}`,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
        body,
      });
    for (const body of ["method=card&email=named.guest%40example.com", "method=card&email=named.guest%40example.com&name=%E2%80%8B+"]) {
      const refused = await pay(body);
      expect(refused.status, body).toBe(400);
      expect(refused.body, body).toContain(GUEST_NAME_REQUIRED);
    }
    const markup = await pay("method=card&email=named.guest%40example.com&name=%3Cb%3EAmira%3C%2Fb%3E");
    expect(markup.status).toBe(400);
    expect(markup.body.replaceAll("&lt;", "<").replaceAll("&gt;", ">")).toContain(NAME_MARKUP_MESSAGE);
    expect(await bookingsOf(edition.id)).toEqual([]);

    expect((await pay("method=card&email=named.guest%40example.com&name=++Dr+Amira+Haddad+")).status).toBe(303);
    expect(await bookingsOf(edition.id)).toEqual([expect.objectContaining({ name: "Dr Amira Haddad", email: "named.guest@example.com", guest: true })]);
  });

  it("asks a signed-in buyer for no name: their booking carries their profile's name, whatever the form sends", async () => {
    const edition = await editionFor(app.services.database, { capacity: 2 });
    const buyer = await createPerson({ db: app.services.database.db, auth: app.services.auth });
    const { sessionId } = JSON.parse((await rawRequest(app.url, json({ courseId: edition.id }, { Cookie: buyer.cookie }))).body) as { sessionId: string };
    expect((await rawRequest(app.url, { path: `/dev/checkout/${sessionId}` })).body).not.toContain('name="name"');
    const paid = await rawRequest(app.url, {
      method: "POST",
      path: `/dev/checkout/${sessionId}`,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: "method=card&name=Someone+Else",
    });
    expect(paid.status).toBe(303);
    const [purchase] = await app.services.database.db.select().from(userCoursePurchases).where(eq(userCoursePurchases.courseId, edition.id));
    expect(purchase).toMatchObject({ userId: buyer.id, customerName: null });
    expect((await bookingsOf(edition.id))[0].name).not.toBe("Someone Else");
  });

  it("still refuses to take payment on a checkout that has expired", async () => {
    const edition = await editionFor(app.services.database, { capacity: 2 });
    const { sessionId } = JSON.parse((await rawRequest(app.url, json({ courseId: edition.id }))).body) as { sessionId: string };
    await builtInCheckout(app.services).expireCheckoutSession(sessionId);
    const paid = await rawRequest(app.url, {
      method: "POST",
      path: `/dev/checkout/${sessionId}`,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: "method=card&email=too.late%40example.com&name=Dr+Too+Late",
    });
    expect(paid.status).toBe(400);
    expect(paid.body).toContain("This checkout has expired. Please start your booking again.");
  });

  it("shows back a session id of one word, and no other text the address carries", async () => {
    const page = async (id: string) =>
      (await rawRequest(app.url, { path: `/booking-success?session_id=${encodeURIComponent(id)}` })).body.replace(/<!-- -->/g, "");
    expect(await page("test_session-123")).toMatch(/Session ID: <span class="font-mono">test_session-123<\/span>/);
    for (const id of ["Call +44 20 7946 0000 to finish paying", "garbage<b>x</b>", "x".repeat(256)]) {
      const html = await page(id);
      expect(html, id).toContain("Booking Confirmed!");
      expect(html, id).not.toContain("Session ID:");
    }
  });

  it("takes the webhook's raw bytes as signed: a genuine event is fulfilled, a re-encoded or unsigned one refused", async () => {
    const edition = await editionFor(app.services.database);
    const buyer = await createPerson({ db: app.services.database.db, auth: app.services.auth });
    const started = await rawRequest(app.url, json({ courseId: edition.id }, { Cookie: buyer.cookie }));
    const { sessionId } = JSON.parse(started.body) as { sessionId: string };
    const [hold] = await app.services.database.db.select().from(seatHolds).where(eq(seatHolds.checkoutSessionId, sessionId));
    // Spaced JSON, as Stripe sends it: the signature covers these exact bytes.
    const payload = JSON.stringify(
      {
        id: "evt_http_1",
        object: "event",
        type: "checkout.session.completed",
        data: { object: checkoutSessionObject({ id: sessionId, holdId: hold.id, courseId: edition.id, email: buyer.email, paymentIntent: "pi_http_1" }) },
      },
      null,
      2,
    );
    const secret = localWebhookSecret("http-test-secret-that-is-at-least-32-chars");
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const post = (body: string, headers: Record<string, string>) =>
      rawRequest(app.url, { method: "POST", path: "/api/stripe/webhook", headers: { "Content-Type": "application/json", ...headers }, body });

    expect((await post(JSON.stringify(JSON.parse(payload)), { "Stripe-Signature": signature })).status).toBe(400);
    expect((await post(payload, {})).status).toBe(400);
    // Stripe sends no Origin and no cookie; none is asked for.
    const accepted = await post(payload, { "Stripe-Signature": signature });
    expect(accepted.status).toBe(200);
    expect(JSON.parse(accepted.body)).toEqual({ received: true });
    const again = await post(payload, { "Stripe-Signature": signature });
    expect(JSON.parse(again.body)).toEqual({ received: true, duplicate: true });
    const purchases = await app.services.database.db.select().from(userCoursePurchases).where(eq(userCoursePurchases.stripeSessionId, sessionId));
    expect(purchases).toMatchObject([{ status: "paid", userId: buyer.id, stripePaymentIntentId: "pi_http_1" }]);
    expect((await rawRequest(app.url, { path: "/api/stripe/webhook" })).status).toBe(405);
  });

  it("serves the built-in checkout only to this machine", async () => {
    const edition = await editionFor(app.services.database);
    const { sessionId } = JSON.parse((await rawRequest(app.url, json({ courseId: edition.id }))).body) as { sessionId: string };
    const local = await rawRequest(app.url, { path: `/dev/checkout/${sessionId}` });
    expect(local.status).toBe(200);
    expect(local.body.replace(/<!-- -->/g, "")).toContain("Pay £1,500 by card");
    for (const header of ["X-Forwarded-For", "Forwarded", "X-Real-IP"]) {
      expect((await rawRequest(app.url, { path: `/dev/checkout/${sessionId}`, headers: { [header]: "203.0.113.9" } })).status, header).toBe(404);
    }
  });
});

describe("booking over HTTP with Stripe slow or failing", () => {
  const BOUND_MS = 1_000;
  let stripe: FakeStripe;
  let stripeApp: HttpApp;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    stripe.prices.set("price_sinus_grafting", { id: "price_sinus_grafting", unit_amount: 150_000, currency: "gbp", active: true });
    stripeApp = await startHttpApp({
      CHECKOUT_RATE_LIMIT: "1000",
      CHECKOUT_HOLDS_PER_ADDRESS: "1000",
      STRIPE_SECRET_KEY: "sk_test_http",
      STRIPE_WEBHOOK_SECRET: "whsec_http",
      STRIPE_API_BASE: stripe.url,
      STRIPE_TIMEOUT_MS: String(BOUND_MS),
    });
  });
  afterAll(async () => {
    await stripeApp?.close();
    await stripe?.close();
  });

  it.each([
    [
      "slower than STRIPE_TIMEOUT_MS",
      () => (stripe.delayFor = (method: string, path: string) => (method === "POST" && path === "/v1/checkout/sessions" ? 10_000 : 0)),
    ],
    ["answering 500 to every try", () => (stripe.failSessionCreates = 1_000)],
  ])("Stripe %s: the API answers the spec's checkout error within the bound, and no hold is left", async (_name, breakStripe) => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const edition = await editionFor(stripeApp.services.database, { capacity: 1 });
    breakStripe();
    try {
      const started = performance.now();
      const answer = await rawRequest(stripeApp.url, {
        method: "POST",
        path: "/api/v2/create-checkout-session",
        headers: { "Content-Type": "application/json", Origin: stripeApp.url },
        body: JSON.stringify({ courseId: edition.id }),
      });
      const elapsedMs = performance.now() - started;
      expect(answer.status).toBe(502);
      expect(JSON.parse(answer.body)).toEqual({ error: CHECKOUT_MESSAGES.failed });
      expect(elapsedMs).toBeLessThan(BOUND_MS + 3_000);
      const holds = await stripeApp.services.database.db.select().from(seatHolds).where(eq(seatHolds.courseId, edition.id));
      expect(holds.map((hold) => hold.status)).toEqual(["released"]);
      expect(errors).toHaveBeenCalled();
    } finally {
      stripe.delayFor = () => 0;
      stripe.failSessionCreates = 0;
      errors.mockRestore();
    }
  });
});
