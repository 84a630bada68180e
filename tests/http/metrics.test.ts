import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { emailOutbox, seatHolds } from "~/server/db/schema.server";

import { editionFor } from "../support/booking";
import { type HttpApp, rawRequest, startHttpApp } from "../support/http-app";

const METRICS_TOKEN = "metrics-token-for-the-http-tests";

let app: HttpApp;
beforeAll(async () => {
  app = await startHttpApp({ METRICS_TOKEN });
});
afterAll(async () => {
  await app?.close();
});

/** As a scraper on another machine reaches it: through a proxy, which names the visitor. */
const remote = { "X-Forwarded-For": "203.0.113.9" };

/** The samples of a scrape: `name{labels}` to value. */
async function scrape(headers: Record<string, string> = {}): Promise<Map<string, number>> {
  const answer = await rawRequest(app.url, { path: "/metrics", headers });
  expect(answer.status).toBe(200);
  const samples = new Map<string, number>();
  for (const line of answer.body.split("\n")) {
    const match = /^([a-z_]+(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (match) samples.set(match[1], Number(match[2]));
  }
  return samples;
}

const requestsOf = (samples: Map<string, number>, route: string, status: string, method = "GET") =>
  samples.get(`gii_http_requests_total{method="${method}",route="${route}",status="${status}"}`) ?? 0;

describe("GET /metrics", () => {
  it("answers this machine, and elsewhere only the right bearer token: anyone else gets a plain 404", async () => {
    const local = await rawRequest(app.url, { path: "/metrics" });
    expect(local.status).toBe(200);
    expect(local.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(local.headers["cache-control"]).toBe("no-store");
    expect(local.body).toContain("# TYPE gii_http_requests_total counter");
    expect(local.body).toContain("# TYPE gii_http_request_duration_seconds histogram");

    for (const headers of [remote, { ...remote, Authorization: "Bearer wrong-token-of-some-length" }, { ...remote, Authorization: METRICS_TOKEN }]) {
      const refused = await rawRequest(app.url, { path: "/metrics", headers });
      expect(refused.status, JSON.stringify(headers)).toBe(404);
      expect(refused.body).toBe("Not Found");
      expect(refused.body).not.toContain("gii_");
    }

    const withToken = await rawRequest(app.url, { path: "/metrics", headers: { ...remote, Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(withToken.status).toBe(200);
    expect(withToken.headers["cache-control"]).toContain("no-store");
    expect(withToken.body).toContain("gii_http_requests_total");
  });

  it("counts and times requests by route pattern, never by the raw path", async () => {
    const before = await scrape();
    for (const slug of ["dr-amelia-hart", "dr-omar-saleh"]) expect((await rawRequest(app.url, { path: `/instructors/${slug}` })).status).toBeLessThan(400);
    expect((await rawRequest(app.url, { path: "/courses" })).status).toBe(200);
    expect((await rawRequest(app.url, { path: "/no/such/page/Zk3pQ9xLm2Rt7Vb4" })).status).toBe(302);
    // Refused before routing: no route answered.
    expect((await rawRequest(app.url, { path: "/api/bad%00path" })).status).toBe(404);
    const after = await scrape();

    // Whatever the instructor pages answer; the registry is the process's, so earlier files' requests are in it too.
    const instructorRequests = (samples: Map<string, number>) =>
      [...samples]
        .filter(([key]) => key.startsWith("gii_http_requests_total{") && key.includes('route="/instructors/:instructorSlug"'))
        .reduce((sum, [, value]) => sum + value, 0);
    expect(instructorRequests(after) - instructorRequests(before)).toBe(2);
    expect(requestsOf(after, "/courses", "200") - requestsOf(before, "/courses", "200")).toBe(1);
    expect(requestsOf(after, "/*", "302") - requestsOf(before, "/*", "302")).toBe(1);
    expect(requestsOf(after, "unmatched", "404") - requestsOf(before, "unmatched", "404")).toBe(1);
    expect(requestsOf(after, "/metrics", "200")).toBeGreaterThan(0);
    expect(after.get('gii_http_request_duration_seconds_count{method="GET",route="/courses",status="200"}')).toBe(requestsOf(after, "/courses", "200"));
    const labels = [...after.keys()].join("\n");
    for (const raw of ["dr-amelia-hart", "dr-omar-saleh", "Zk3pQ9xLm2Rt7Vb4", "bad"]) expect(labels).not.toContain(raw);
  });

  it("reads the outbox's depth and age and the live holds from the database at each scrape", async () => {
    const before = await scrape();
    const { db } = app.services.database;
    const email = { template: "test", toAddress: "metrics@example.com", subject: "Hi", html: "<p>Hi</p>", text: "Hi" };
    await db.insert(emailOutbox).values([
      { ...email, status: "pending", createdAt: new Date(Date.now() - 10 * 60_000) },
      { ...email, status: "pending" },
      { ...email, status: "failed" },
      { ...email, status: "sent" },
    ]);
    const edition = await editionFor(app.services.database, { capacity: 10 });
    const hold = { courseId: edition.id, provider: "local" as const, amountSubtotal: 150_000, amountTotal: 150_000, currency: "gbp" };
    const inAnHour = new Date(Date.now() + 60 * 60_000);
    await db.insert(seatHolds).values([
      { ...hold, status: "open", expiresAt: inAnHour },
      { ...hold, status: "awaiting_payment", expiresAt: new Date(Date.now() - 60_000) },
      { ...hold, status: "open", expiresAt: new Date(Date.now() - 60_000) },
      { ...hold, status: "released", expiresAt: inAnHour, releasedAt: new Date() },
      { ...hold, status: "converted", expiresAt: inAnHour },
    ]);
    const after = await scrape();

    const change = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
    expect(change('gii_email_outbox_emails{status="pending"}')).toBe(2);
    expect(change('gii_email_outbox_emails{status="failed"}')).toBe(1);
    expect(change('gii_email_outbox_emails{status="sent"}')).toBe(1);
    expect(after.get('gii_email_outbox_emails{status="sending"}')).toBe(0);
    expect(after.get("gii_email_outbox_oldest_unsent_age_seconds")).toBeGreaterThanOrEqual(600);
    expect(after.get("gii_email_outbox_oldest_unsent_age_seconds")).toBeLessThan(700);
    expect(change("gii_seat_holds_live")).toBe(2);
    expect(after.get("gii_database_readable")).toBe(1);
  });

  it("counts webhook deliveries refused for their signature", async () => {
    const before = await scrape();
    const refused = await rawRequest(app.url, {
      method: "POST",
      path: "/api/stripe/webhook",
      headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=forged" },
      body: JSON.stringify({ id: "evt_forged", type: "checkout.session.completed" }),
    });
    expect(refused.status).toBe(400);
    const after = await scrape();
    const change = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
    expect(change('gii_webhook_failures_total{reason="signature"}')).toBe(1);
    expect(change('gii_webhook_failures_total{reason="handler"}')).toBe(0);
  });
});
