import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { localCheckoutEvents, userCoursePurchases } from "~/server/db/schema.server";
import { createLocalCheckout, type DeliverEvent, eventRetryDelayMs, localWebhookSecret } from "~/server/payments/local.server";
import { receivePaymentEvent } from "~/server/payments/webhook.server";

import { checkout, editionFor } from "../support/booking";
import { testDriver, useTestDatabase } from "../support/database";
import { TEST_APP_SECRET, testServices } from "../support/route-args";

const handle = useTestDatabase();
const services = () => testServices(handle);

const purchasesOf = (courseId: string) => handle.db.select().from(userCoursePurchases).where(eq(userCoursePurchases.courseId, courseId));
const eventsOf = (sessionId: string) =>
  handle.db
    .select()
    .from(localCheckoutEvents)
    .then((events) => events.filter((event) => event.payload.includes(sessionId)));
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

/**
 * An instance of the built-in checkout on the test database whose webhook is
 * the real receiver behind `gate`: each delivery is counted, and fails while
 * `gate` says so (the webhook down, the network lost) or never ends (the instance died).
 */
function instance(gate: () => "up" | "down" | "hangs" = () => "up") {
  const deliveries: string[] = [];
  const deliver: DeliverEvent = async (payload, signature) => {
    const state = gate();
    if (state === "hangs") return new Promise(() => {});
    deliveries.push((JSON.parse(payload) as { type: string }).type);
    if (state === "down") throw new Error("the webhook answered 503");
    return receivePaymentEvent(services(), payload, signature);
  };
  const local = createLocalCheckout({ db: handle.db, siteUrl: services().env.siteUrl, webhookSecret: localWebhookSecret(TEST_APP_SECRET), deliver });
  return { local, deliveries };
}

async function guestCheckout() {
  const edition = await editionFor(handle);
  const started = await checkout(services(), { courseId: edition.id, buyer: null });
  return { edition, ...started };
}

describe(`the built-in checkout's events on ${testDriver}, sent again as Stripe's are`, () => {
  it("sends a payment's event again, with back-off, until its webhook takes it, and then never again", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    let webhook: "up" | "down" = "down";
    const { local, deliveries } = instance(() => webhook);
    const { edition, sessionId } = await guestCheckout();

    await local.pay(sessionId, { method: "card", email: "late.event@example.com" });
    const paidAt = new Date();
    expect(deliveries).toEqual(["checkout.session.completed"]);
    expect(await purchasesOf(edition.id)).toEqual([]);
    const [failed] = await eventsOf(sessionId);
    expect(failed).toMatchObject({ type: "checkout.session.completed", attempts: 1, deliveredAt: null, lastError: expect.stringContaining("503") });

    // Not before its back-off; then again, failing, and later still.
    await local.tick(later(paidAt, eventRetryDelayMs(1) - 1_000));
    expect(deliveries).toHaveLength(1);
    await local.tick(later(paidAt, eventRetryDelayMs(1) + 1_000));
    expect(deliveries).toHaveLength(2);
    expect((await eventsOf(sessionId))[0]).toMatchObject({ attempts: 2, deliveredAt: null });
    expect(logged).toHaveBeenCalledTimes(2);
    expect(String(logged.mock.calls[1][0])).toContain("Built-in checkout: delivering checkout.session.completed failed");

    webhook = "up";
    await local.tick(later(paidAt, eventRetryDelayMs(1) + eventRetryDelayMs(2) + 2_000));
    expect(deliveries).toHaveLength(3);
    expect(await purchasesOf(edition.id)).toEqual([expect.objectContaining({ status: "paid" })]);
    expect((await eventsOf(sessionId))[0]).toMatchObject({ deliveredAt: expect.any(Date), nextAttemptAt: null });

    await local.tick(later(paidAt, 24 * 60 * 60_000));
    expect(deliveries).toHaveLength(3);
    expect(await purchasesOf(edition.id)).toHaveLength(1);
  });

  it("records a payment whose instance died before its event left: another instance's clock sends it once the first attempt has had its minute", async () => {
    const dying = instance(() => "hangs");
    const other = instance();
    const { edition, sessionId } = await guestCheckout();

    void dying.local.pay(sessionId, { method: "card", email: "died.mid.payment@example.com" });
    await vi.waitFor(async () => expect(await eventsOf(sessionId)).toHaveLength(1));
    const paidAt = new Date();

    await other.local.tick(later(paidAt, 30_000));
    expect(other.deliveries).toEqual([]);
    await other.local.tick(later(paidAt, 61_000));
    expect(other.deliveries).toEqual(["checkout.session.completed"]);
    expect(await purchasesOf(edition.id)).toEqual([expect.objectContaining({ status: "paid" })]);
  });

  it("sends an event from one instance at a time when two clocks find it due together", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    let webhook: "up" | "down" = "down";
    const first = instance(() => webhook);
    const second = instance(() => webhook);
    const { edition, sessionId } = await guestCheckout();
    await first.local.pay(sessionId, { method: "card", email: "two.clocks@example.com" });
    webhook = "up";

    const due = later(new Date(), eventRetryDelayMs(1) + 1_000);
    await Promise.all([first.local.tick(due), second.local.tick(due)]);
    expect([...first.deliveries, ...second.deliveries]).toEqual(["checkout.session.completed", "checkout.session.completed"]);
    expect(await purchasesOf(edition.id)).toHaveLength(1);
  });

  it("gives up on an event after three days, as Stripe does, keeping why", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { local, deliveries } = instance(() => "down");
    const { sessionId } = await guestCheckout();
    await local.pay(sessionId, { method: "card", email: "never.taken@example.com" });
    const paidAt = new Date();

    // An hour apart once the back-off reaches its cap: every hour for three days, then no more.
    for (let hour = 1; hour <= 80; hour++) await local.tick(later(paidAt, hour * 60 * 60_000 + 1_000));
    const attempts = deliveries.length;
    expect(attempts).toBeGreaterThan(60);
    expect(attempts).toBeLessThan(80);
    expect(String(logged.mock.calls.at(-1)?.[0])).toContain("failed, for the last time");
    expect((await eventsOf(sessionId))[0]).toMatchObject({ attempts, nextAttemptAt: null, deliveredAt: null, lastError: expect.stringContaining("503") });
  });

  it("forgets an event 30 days after it was made, once it needs no more sending (delivered, or given up on)", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    let webhook: "up" | "down" = "up";
    const { local } = instance(() => webhook);
    const delivered = await guestCheckout();
    await local.pay(delivered.sessionId, { method: "card", email: "delivered.event@example.com" });
    webhook = "down";
    const failing = await guestCheckout();
    await local.pay(failing.sessionId, { method: "card", email: "failing.event@example.com" });
    const paidAt = new Date();
    const day = 24 * 60 * 60_000;

    // Given up on after three days, and kept, as the delivered one is, until its thirtieth day.
    for (let hour = 1; hour <= 80; hour++) await local.tick(later(paidAt, hour * 60 * 60_000 + 1_000));
    await local.tick(later(paidAt, 29 * day));
    expect(await eventsOf(delivered.sessionId)).toEqual([expect.objectContaining({ deliveredAt: expect.any(Date) })]);
    expect(await eventsOf(failing.sessionId)).toEqual([expect.objectContaining({ deliveredAt: null, nextAttemptAt: null })]);
    expect(logged).toHaveBeenCalled();

    await local.tick(later(paidAt, 30 * day + 60_000));
    expect(await eventsOf(delivered.sessionId)).toEqual([]);
    expect(await eventsOf(failing.sessionId)).toEqual([]);
  });

  it("keeps an event that is still to be sent, however old", async () => {
    const { local } = instance(() => "hangs");
    const { sessionId } = await guestCheckout();
    void local.pay(sessionId, { method: "card", email: "still.due@example.com" });
    await expect.poll(() => eventsOf(sessionId)).toHaveLength(1);
    const [event] = await eventsOf(sessionId);
    // Made 40 days ago and never sent: an instance died with it, and no clock has run since.
    await handle.db
      .update(localCheckoutEvents)
      .set({ createdAt: later(new Date(), -40 * 24 * 60 * 60_000) })
      .where(eq(localCheckoutEvents.id, event.id));
    await instance(() => "hangs").local.tick(new Date(event.nextAttemptAt!.getTime() - 1_000));
    expect(await eventsOf(sessionId)).toHaveLength(1);
  });
});
