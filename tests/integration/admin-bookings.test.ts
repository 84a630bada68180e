import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { ADMIN_LOGIN_REQUIRED_PATH } from "~/lib/pages";
import * as editionsRoute from "~/routes/admin.editions";
import * as editionRoute from "~/routes/admin.editions.$courseId";
import * as csvRoute from "~/routes/admin.editions.$courseId.attendees.csv";
import * as offeringsRoute from "~/routes/admin.offerings";
import { ALREADY_CANCELLED_MESSAGE, cancelBooking, REFUND_CONFLICT_MESSAGE, REFUND_FAILED_MESSAGE } from "~/server/admin/bookings.server";
import { editionBookings, findEditionForAdmin, listEditionsForAdmin } from "~/server/admin/editions.server";
import { cancelCheckout } from "~/server/booking/checkout.server";
import { adminAuditLog, courses, emailOutbox, localCheckoutSessions, offerings, profiles, userCoursePurchases } from "~/server/db/schema.server";
import { RefundKeyConflictError } from "~/server/payments/provider.server";
import { receivePaymentEvent } from "~/server/payments/webhook.server";
import { UnavailableError } from "~/server/platform/errors.server";

import { builtInCheckout, capturingCheckout, checkout, editionFor, inDays } from "../support/booking";
import { addEdition, addPurchase } from "../support/catalogue";
import { downloadedText } from "../support/csv";
import { testDriver, useTestDatabase } from "../support/database";
import { createPerson, type Person } from "../support/people";
import { guarded, routeArgs, settle, TEST_SITE_URL, testServices } from "../support/route-args";
import { tableCounts } from "../support/table-counts";

const handle = useTestDatabase();
const services = () => testServices(handle);
const person = (options: Parameters<typeof createPerson>[1] = {}) => createPerson({ db: handle.db, auth: services().auth }, options);
const actorOf = (admin: Person) => ({ id: admin.id, email: admin.email });

const page = (path: string, who: Person | null, params: Record<string, string> = {}) =>
  routeArgs(new Request(new URL(path, TEST_SITE_URL), { headers: who ? { Cookie: who.cookie } : {} }), handle, params);
const post = (path: string, who: Person | null, fields: Record<string, string>, params: Record<string, string> = {}) =>
  routeArgs(
    new Request(new URL(path, TEST_SITE_URL), {
      method: "POST",
      headers: { Origin: TEST_SITE_URL, "Content-Type": "application/x-www-form-urlencoded", ...(who ? { Cookie: who.cookie } : {}) },
      body: new URLSearchParams(fields),
    }),
    handle,
    params,
  );

const auditOf = (action: string, subjectId: string) =>
  handle.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.subjectId, subjectId)));
const purchaseOf = async (id: string) => (await handle.db.select().from(userCoursePurchases).where(eq(userCoursePurchases.id, id)))[0];
const localSessionOf = async (paymentIntentId: string) =>
  (await handle.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.paymentIntentId, paymentIntentId)))[0];

/** A booking paid at the built-in checkout by a signed-in dentist, through the booking flow. */
async function paidBooking(courseId: string, buyer: Person) {
  const started = await checkout(services(), { courseId, buyer: { id: buyer.id, email: buyer.email } });
  await builtInCheckout(services()).pay(started.sessionId, { method: "card", email: null });
  const [purchase] = await handle.db.select().from(userCoursePurchases).where(eq(userCoursePurchases.stripeSessionId, started.sessionId));
  return purchase;
}

describe(`the back office's editions and bookings on ${testDriver}`, () => {
  it("counts each edition's paid bookings and live holds apart, and its places left from both; a cancelled booking or a released hold takes none", async () => {
    const edition = await editionFor(handle, { capacity: 9 });
    const other = await editionFor(handle, { capacity: 4 });
    await addPurchase(handle.db, edition.id, "paid");
    await addPurchase(handle.db, edition.id, "complete");
    await addPurchase(handle.db, edition.id, "canceled");
    await checkout(services(), { courseId: edition.id, buyer: null });
    const released = await checkout(services(), { courseId: edition.id, buyer: null });
    await cancelCheckout(services(), released.holdId);
    await checkout(services(), { courseId: other.id, buyer: null });

    const listed = await listEditionsForAdmin(handle.db);
    expect(listed.find((row) => row.id === edition.id)).toMatchObject({ paidBookings: 2, liveHolds: 1, placesLeft: 6 });
    expect(listed.find((row) => row.id === other.id)).toMatchObject({ paidBookings: 0, liveHolds: 1, placesLeft: 3 });
    expect(await findEditionForAdmin(handle.db, edition.id)).toMatchObject({ paidBookings: 2, liveHolds: 1, placesLeft: 6 });
  });

  it("tells dates to come, dates running (their first day past, their last not) and past dates apart, by the site's day", async () => {
    const toCome = await addEdition(handle.db, { startDate: inDays(0), endDate: inDays(3) });
    const running = await addEdition(handle.db, { startDate: inDays(-1), endDate: inDays(2) });
    const endsToday = await addEdition(handle.db, { startDate: inDays(-3), endDate: inDays(0) });
    const past = await addEdition(handle.db, { startDate: inDays(-4), endDate: inDays(-1) });
    const oneDayPast = await addEdition(handle.db, { startDate: inDays(-1), endDate: null });
    const listed = await listEditionsForAdmin(handle.db);
    const state = (id: string) => listed.find((row) => row.id === id)!;
    expect([toCome, running, endsToday, past, oneDayPast].map(({ id }) => ({ upcoming: state(id).upcoming, running: state(id).running }))).toEqual([
      { upcoming: true, running: false },
      { upcoming: false, running: true },
      { upcoming: false, running: true },
      { upcoming: false, running: false },
      { upcoming: false, running: false },
    ]);
  });

  it("lists each booking with the attendee's profile (name, mobile) or the guest's address, amount paid and discount", async () => {
    const edition = await editionFor(handle, { capacity: 6 });
    const buyer = await person({ firstName: "Layla", lastName: "Haddad", marketing: true });
    await handle.db.update(profiles).set({ mobileCountryCode: "+44", mobileNumber: "7700900123" }).where(eq(profiles.id, buyer.id));
    await paidBooking(edition.id, buyer);
    await addPurchase(handle.db, edition.id, "paid", { customerEmail: "guest@example.com" });

    const bookings = await editionBookings(handle.db, edition.id);
    expect(bookings).toHaveLength(2);
    expect(bookings.find((booking) => booking.email === buyer.email)).toMatchObject({
      name: "Layla Haddad",
      mobile: "+44 7700900123",
      status: "paid",
      amountPaid: 140_000,
      discountKind: "signup",
      amountDiscount: 10_000,
    });
    expect(bookings.find((booking) => booking.email === "guest@example.com")).toMatchObject({ name: null, mobile: null, amountPaid: 150_000 });

    const admin = await person({ admin: true });
    const loaded = await settle(() => guarded(editionRoute, "loader")(page(`/admin/editions/${edition.id}`, admin, { courseId: edition.id }) as never));
    expect(loaded.status).toBe(200);
    expect(loaded.body).toMatchObject({ edition: { id: edition.id, capacity: 6, paidBookings: 2, placesLeft: 4 } });

    const list = await settle(() => guarded(editionsRoute, "loader")(page("/admin/editions", admin)));
    const listed = (list.body as { editions: { id: string; placesLeft: number }[] }).editions.find((row) => row.id === edition.id);
    expect(listed).toMatchObject({ placesLeft: 4 });
  });

  it("orders editions upcoming first (soonest first), then past ones (latest first), marking inactive ones", async () => {
    const admin = await person({ admin: true });
    const soon = await addEdition(handle.db, { startDate: inDays(400), title: "Order soon" });
    const later = await addEdition(handle.db, { startDate: inDays(401), title: "Order later" });
    const recent = await addEdition(handle.db, { startDate: inDays(-10), title: "Order recent", isActive: false });
    const old = await addEdition(handle.db, { startDate: inDays(-20), title: "Order old" });
    const list = await settle(() => guarded(editionsRoute, "loader")(page("/admin/editions", admin)));
    const ids = (list.body as { editions: { id: string }[] }).editions.map((row) => row.id).filter((id) => [soon.id, later.id, recent.id, old.id].includes(id));
    expect(ids).toEqual([soon.id, later.id, recent.id, old.id]);
    const recentRow = (list.body as { editions: { id: string; isActive: boolean; upcoming: boolean }[] }).editions.find((row) => row.id === recent.id);
    expect(recentRow).toMatchObject({ isActive: false, upcoming: false });
  });

  it("answers 404 for an unknown or malformed edition id", async () => {
    const admin = await person({ admin: true });
    for (const courseId of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const loaded = await settle(() => guarded(editionRoute, "loader")(page(`/admin/editions/${courseId}`, admin, { courseId }) as never));
      expect(loaded.status).toBe(404);
      const csv = await settle(() => guarded(csvRoute, "loader")(page(`/admin/editions/${courseId}/attendees.csv`, admin, { courseId }) as never));
      expect(csv.status).toBe(404);
    }
  });

  it("changes capacity within its rules: never below the places taken (409), a whole number 1–500 (400), audited", async () => {
    const admin = await person({ admin: true });
    const edition = await editionFor(handle, { capacity: 5 });
    await addPurchase(handle.db, edition.id, "paid");
    await addPurchase(handle.db, edition.id, "paid");
    await checkout(services(), { courseId: edition.id, buyer: null }); // a live hold
    const act = (capacity: string) =>
      settle(() =>
        guarded(editionRoute, "action")(post(`/admin/editions/${edition.id}`, admin, { intent: "capacity", capacity }, { courseId: edition.id }) as never),
      );

    const tooLow = await act("2");
    expect(tooLow.status).toBe(409);
    expect(tooLow.body).toMatchObject({ ok: false, error: expect.stringContaining("3 places already taken") });
    for (const bad of ["0", "501", "2.5", "ten", "", "-3"]) {
      const refused = await act(bad);
      expect(refused.status, bad).toBe(400);
      expect(refused.body).toMatchObject({ error: "Capacity must be a whole number from 1 to 500." });
    }
    expect((await findEditionForAdmin(handle.db, edition.id)).capacity).toBe(5);
    expect(await auditOf("edition.capacity", edition.id)).toHaveLength(0);

    expect((await act("3")).status).toBe(200);
    expect((await findEditionForAdmin(handle.db, edition.id)).capacity).toBe(3);
    const [entry] = await auditOf("edition.capacity", edition.id);
    expect(entry).toMatchObject({ actorId: admin.id, before: { capacity: 5 }, after: { capacity: 3 } });
  });

  it("cancels a booking paid at the built-in checkout with a full refund: refunded, the place freed, the dentist told, audited; a second cancel refunds nothing more", async () => {
    const admin = await person({ admin: true });
    const buyer = await person({ firstName: "Omar" });
    const edition = await editionFor(handle, { capacity: 3 });
    const purchase = await paidBooking(edition.id, buyer);
    expect((await findEditionForAdmin(handle.db, edition.id)).placesLeft).toBe(2);
    const cancel = (amount: string) =>
      settle(() =>
        guarded(
          editionRoute,
          "action",
        )(post(`/admin/editions/${edition.id}`, admin, { intent: "cancel", purchaseId: purchase.id, amount }, { courseId: edition.id }) as never),
      );

    const done = await cancel("1500.00");
    expect(done).toMatchObject({ status: 200, body: { ok: true } });
    const after = await purchaseOf(purchase.id);
    expect(after).toMatchObject({ status: "refunded", amountRefunded: 150_000 });
    expect(after.refundedAt).toBeInstanceOf(Date);
    expect((await localSessionOf(purchase.stripePaymentIntentId!)).amountRefunded).toBe(150_000);
    expect((await findEditionForAdmin(handle.db, edition.id)).placesLeft).toBe(3);
    const mail = await handle.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, buyer.email), eq(emailOutbox.template, "booking-cancelled")));
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain("Dear Omar,");
    expect(mail[0].replyTo).toBe(services().env.mail.staffEmail);
    expect(mail[0].text).toContain("We have refunded the full £1,500 to your original payment method");
    // The calendar file takes out the event the confirmation's invite put in: its UID and organizer, a later sequence.
    const [invite] = (
      await handle.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, buyer.email), eq(emailOutbox.template, "booking-confirmation")))
    )[0].attachments;
    const [cancellation] = mail[0].attachments;
    expect(cancellation).toMatchObject({ filename: "course-cancelled.ics", contentType: "text/calendar; charset=utf-8; method=CANCEL" });
    expect(mail[0].text).toContain("The attached calendar file takes the course out of your calendar.");
    const line = (ics: string, name: string) =>
      ics
        .replace(/\r\n[ \t]/g, "")
        .split("\r\n")
        .find((row) => row.startsWith(name));
    expect(line(cancellation.content, "METHOD")).toBe("METHOD:CANCEL");
    expect(line(cancellation.content, "STATUS")).toBe("STATUS:CANCELLED");
    expect(line(cancellation.content, "SEQUENCE")).toBe("SEQUENCE:1");
    expect(line(invite.content, "SEQUENCE")).toBe("SEQUENCE:0");
    for (const name of ["UID", "ORGANIZER", "DTSTART", "DTEND"]) expect(line(cancellation.content, name), name).toBe(line(invite.content, name));
    // The event is the booking's, not the date's: a place booked again is a new event, and the schedule feed's is another.
    expect(line(invite.content, "UID")).toBe(`UID:booking-${purchase.id}@${new URL(services().env.siteUrl).host}`);
    const [entry] = await auditOf("booking.cancel", purchase.id);
    expect(entry).toMatchObject({ actorId: admin.id, before: { status: "paid", amountRefunded: 0 }, after: { status: "refunded", amountRefunded: 150_000 } });

    const again = await cancel("10");
    expect(again).toMatchObject({ status: 409, body: { error: ALREADY_CANCELLED_MESSAGE } });
    expect((await localSessionOf(purchase.stripePaymentIntentId!)).amountRefunded).toBe(150_000);
    expect(await auditOf("booking.cancel", purchase.id)).toHaveLength(1);
  });

  it("cancels with a partial refund: canceled with the amount refunded, and the provider's later charge.refunded event agrees", async () => {
    const admin = await person({ admin: true });
    const buyer = await person();
    const edition = await editionFor(handle, { capacity: 3 });
    const purchase = await paidBooking(edition.id, buyer);
    // Stripe's events come later: this provider keeps them for the test to deliver after the cancel.
    const capture = capturingCheckout(services());
    const result = await cancelBooking({ ...services(), payments: capture.checkout }, actorOf(admin), { purchaseId: purchase.id, amount: 50_000 });
    expect(result).toMatchObject({ status: "canceled", amountRefunded: 50_000 });
    expect((await findEditionForAdmin(handle.db, edition.id)).placesLeft).toBe(3);
    expect(capture.events.map((event) => event.type)).toEqual(["charge.refunded"]);
    await receivePaymentEvent(services(), capture.events[0].payload, capture.events[0].signature);
    expect(await purchaseOf(purchase.id)).toMatchObject({ status: "canceled", amountRefunded: 50_000 });
    // The email says the refund is a part of what was paid, not a sum that seems to be all of it.
    const [mail] = await handle.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, buyer.email), eq(emailOutbox.template, "booking-cancelled")));
    expect(mail.text).toContain("We have refunded £500 of the £1,500 you paid to your original payment method");

    await expect(cancelBooking(services(), actorOf(admin), { purchaseId: purchase.id, amount: 1_000 })).rejects.toThrow(ALREADY_CANCELLED_MESSAGE);
    expect((await localSessionOf(purchase.stripePaymentIntentId!)).amountRefunded).toBe(50_000);
  });

  it("makes one refund of a booking two staff cancel at once with different amounts, and records and emails the amount refunded", async () => {
    const [first, second] = [await person({ admin: true }), await person({ admin: true })];
    const edition = await editionFor(handle, { capacity: 3 });
    const buyer = await person();
    const purchase = await paidBooking(edition.id, buyer);
    // The one the provider refuses is logged as refused (a warning: nothing failed).
    const logged = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const outcomes = await Promise.allSettled([
      cancelBooking(services(), actorOf(first), { purchaseId: purchase.id, amount: 150_000 }),
      cancelBooking(services(), actorOf(second), { purchaseId: purchase.id, amount: 10_000 }),
    ]);
    logged.mockRestore();
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    // The other is told the booking is cancelled, or that another refund of it was made: never that the provider failed.
    expect([ALREADY_CANCELLED_MESSAGE, REFUND_CONFLICT_MESSAGE]).toContain(
      (outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult).reason.message,
    );
    const refunded = (await localSessionOf(purchase.stripePaymentIntentId!)).amountRefunded;
    expect([150_000, 10_000]).toContain(refunded);
    expect(await purchaseOf(purchase.id)).toMatchObject({ amountRefunded: refunded });
    const mail = await handle.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, buyer.email), eq(emailOutbox.template, "booking-cancelled")));
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain(refunded === 150_000 ? "We have refunded the full £1,500" : "We have refunded £100 of the £1,500 you paid");
  });

  it("makes each refund key's refund once at the built-in checkout, as Stripe does: the same amount again is that refund, another is refused", async () => {
    const edition = await editionFor(handle, { capacity: 3 });
    const paymentIntentId = (await paidBooking(edition.id, await person())).stripePaymentIntentId!;
    const { payments } = services();
    await payments.refund({ paymentIntentId, amount: 10_000, idempotencyKey: "refund-key-1" });
    await payments.refund({ paymentIntentId, amount: 10_000, idempotencyKey: "refund-key-1" });
    expect((await localSessionOf(paymentIntentId)).amountRefunded).toBe(10_000);
    await expect(payments.refund({ paymentIntentId, amount: 20_000, idempotencyKey: "refund-key-1" })).rejects.toBeInstanceOf(RefundKeyConflictError);
    expect((await localSessionOf(paymentIntentId)).amountRefunded).toBe(10_000);
    await payments.refund({ paymentIntentId, amount: 20_000, idempotencyKey: "refund-key-2" });
    expect((await localSessionOf(paymentIntentId)).amountRefunded).toBe(30_000);
  });

  it("answers a cancel whose refund the provider refuses for another amount under the booking's key with what it knows, changing nothing", async () => {
    const admin = await person({ admin: true });
    const edition = await editionFor(handle, { capacity: 3 });
    const purchase = await paidBooking(edition.id, await person());
    const logged = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const refund = vi.spyOn(services().payments, "refund").mockRejectedValue(new RefundKeyConflictError("Refund key used before with another amount."));
    const before = await tableCounts(handle.db);
    // The other cancel's refund is made but not recorded yet: nothing here says it is cancelled. A conflict, not a failure.
    const refused = cancelBooking(services(), actorOf(admin), { purchaseId: purchase.id, amount: 150_000 });
    await expect(refused).rejects.toBeInstanceOf(UnavailableError);
    await expect(refused).rejects.toThrow(REFUND_CONFLICT_MESSAGE);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("another refund under its key, of another amount, went first"));
    expect(await tableCounts(handle.db)).toEqual(before);
    expect(await purchaseOf(purchase.id)).toMatchObject({ status: "paid", amountRefunded: 0 });
    // Once it is recorded, a cancel refused the same way hears the booking is cancelled.
    refund.mockRestore();
    await cancelBooking(services(), actorOf(await person({ admin: true })), { purchaseId: purchase.id, amount: 10_000 });
    const again = vi.spyOn(services().payments, "refund").mockRejectedValue(new RefundKeyConflictError("Refund key used before with another amount."));
    await expect(cancelBooking(services(), actorOf(admin), { purchaseId: purchase.id, amount: 150_000 })).rejects.toThrow(ALREADY_CANCELLED_MESSAGE);
    again.mockRestore();
    logged.mockRestore();
  });

  it("refuses a refund of nothing or of more than was paid (400), and a provider failure answers 502 and changes nothing", async () => {
    const admin = await person({ admin: true });
    const edition = await editionFor(handle, { capacity: 3 });
    const purchase = await paidBooking(edition.id, await person());
    const cancel = (amount: string) =>
      settle(() =>
        guarded(
          editionRoute,
          "action",
        )(post(`/admin/editions/${edition.id}`, admin, { intent: "cancel", purchaseId: purchase.id, amount }, { courseId: edition.id }) as never),
      );
    for (const amount of ["0", "1500.01", "abc", "-5", "1.234"]) expect((await cancel(amount)).status, amount).toBe(400);

    const refund = vi.spyOn(services().payments, "refund").mockRejectedValueOnce(new Error("card network down"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const before = await tableCounts(handle.db);
    const failed = await cancel("1500");
    refund.mockRestore();
    expect(logged.mock.calls.map(String).join("\n")).toMatch(/"msg":"Refund of booking .+ failed".*"error":"card network down"/);
    logged.mockRestore();
    expect(failed).toMatchObject({ status: 502, body: { error: REFUND_FAILED_MESSAGE } });
    expect(await tableCounts(handle.db)).toEqual(before);
    expect(await purchaseOf(purchase.id)).toMatchObject({ status: "paid", amountRefunded: 0 });
  });

  it("exports the attendees as CSV with a byte order mark, a header, and a hostile name neutralised", async () => {
    const admin = await person({ admin: true });
    const edition = await editionFor(handle, { capacity: 3 });
    const hostile = await person({ firstName: "Evil" });
    await handle.db.update(profiles).set({ firstName: '=HYPERLINK("http://evil.example","x")', lastName: null }).where(eq(profiles.id, hostile.id));
    await addPurchase(handle.db, edition.id, "paid", {
      userId: hostile.id,
      customerEmail: hostile.email,
      amountTotal: 140_000,
      amountDiscount: 10_000,
      discountKind: "signup",
    });
    const response = await guarded(csvRoute, "loader")(page(`/admin/editions/${edition.id}/attendees.csv`, admin, { courseId: edition.id }) as never);
    expect(response.headers.get("Content-Type")).toContain("text/csv");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="attendees-/);
    const text = await downloadedText(response);
    expect(text.startsWith("\uFEFFName,Booked as,Email,Mobile,Status,Amount paid (£),Discount,Purchase date\r\n")).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(text).toContain(`,Account,${hostile.email},,paid,1400.00,£100 off your first course (−£100),`);
    const [exported] = await handle.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "export.csv"), eq(adminAuditLog.subjectId, edition.id)));
    expect(exported).toMatchObject({ actorEmail: admin.email, summary: expect.stringMatching(/^Downloaded the attendees of .+ as CSV \(1 booking\)$/) });
  });

  it("sends a link to an edition's attendees file followed from another site to the edition's page, with no file and nothing in the audit log", async () => {
    const admin = await person({ admin: true });
    const edition = await editionFor(handle, { capacity: 3 });
    const path = `/admin/editions/${edition.id}/attendees.csv`;
    const fromAnotherSite = routeArgs(
      new Request(new URL(path, TEST_SITE_URL), { headers: { Cookie: admin.cookie, "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate" } }),
      handle,
      { courseId: edition.id },
    );
    const answer = (await guarded(csvRoute, "loader")(fromAnotherSite as never).catch((thrown: unknown) => thrown)) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/admin/editions/${edition.id}`);
    expect(
      await handle.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.action, "export.csv"), eq(adminAuditLog.subjectId, edition.id))),
    ).toEqual([]);
    const ownPage = routeArgs(new Request(new URL(path, TEST_SITE_URL), { headers: { Cookie: admin.cookie, "Sec-Fetch-Site": "same-origin" } }), handle, {
      courseId: edition.id,
    });
    const file = await guarded(csvRoute, "loader")(ownPage as never);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="attendees-/);
  });

  it("edits an offering's price, default capacity and Stripe price id with validation; editions already scheduled keep theirs", async () => {
    const admin = await person({ admin: true });
    const edition = await editionFor(handle, { offeringKey: "sinus-grafting" });
    const [offering] = await handle.db.select().from(offerings).where(eq(offerings.key, "sinus-grafting"));
    const act = (fields: Record<string, string>) =>
      settle(() =>
        guarded(
          offeringsRoute,
          "action",
        )(post("/admin/offerings", admin, { key: "sinus-grafting", price: "1750.50", defaultCapacity: "8", stripePriceId: "price_new123", ...fields })),
      );
    for (const [field, value, message] of [
      ["price", "12.345", "Enter the price in pounds, for example 1500 or 1499.99."],
      ["price", "", "Enter the price in pounds, for example 1500 or 1499.99."],
      ["price", "0", "A course's price must be more than £0."],
      ["price", "£0.00", "A course's price must be more than £0."],
      ["defaultCapacity", "0", "Capacity must be a whole number from 1 to 500."],
      ["defaultCapacity", "501", "Capacity must be a whole number from 1 to 500."],
      ["stripePriceId", "prod_123", "A Stripe price id starts with price_ (or leave it empty)."],
    ] as const) {
      const refused = await act({ [field]: value });
      expect(refused.status, `${field}=${value}`).toBe(400);
      expect(refused.body).toMatchObject({ ok: false, fields: { [field]: message } });
    }
    expect((await act({ key: "no-such-offering" })).status).toBe(404);
    expect(await auditOf("offering.update", "sinus-grafting")).toHaveLength(0);

    expect((await act({})).status).toBe(200);
    const [changed] = await handle.db.select().from(offerings).where(eq(offerings.key, "sinus-grafting"));
    expect(changed).toMatchObject({ priceAmount: 175_050, defaultCapacity: 8, stripePriceId: "price_new123" });
    const [kept] = await handle.db.select().from(courses).where(eq(courses.id, edition.id));
    expect(kept).toMatchObject({ priceAmount: offering.priceAmount, capacity: edition.capacity, stripePriceId: offering.stripePriceId });
    const [entry] = await auditOf("offering.update", "sinus-grafting");
    expect(entry).toMatchObject({
      before: { priceAmount: offering.priceAmount, defaultCapacity: offering.defaultCapacity, stripePriceId: offering.stripePriceId },
      after: { priceAmount: 175_050, defaultCapacity: 8, stripePriceId: "price_new123" },
    });

    expect((await act({ stripePriceId: "" })).status).toBe(200);
    expect((await handle.db.select().from(offerings).where(eq(offerings.key, "sinus-grafting")))[0].stripePriceId).toBeNull();
    await handle.db
      .update(offerings)
      .set({ priceAmount: offering.priceAmount, defaultCapacity: offering.defaultCapacity, stripePriceId: offering.stripePriceId })
      .where(eq(offerings.key, "sinus-grafting"));
  });

  it("keeps the test product out of the offerings at the spec's £1, and sells the test purchase under the Stripe price id saved for it", async () => {
    const admin = await person({ admin: true });
    const loaded = await settle(() => guarded(offeringsRoute, "loader")(page("/admin/offerings", admin)));
    const { offerings: listed, testProduct } = loaded.body as { offerings: { key: string }[]; testProduct: unknown };
    expect(listed.map((offering) => offering.key)).not.toContain("test-product");
    expect(testProduct).toEqual({ title: "Test Product", priceAmount: 100, stripePriceId: "price_test_product" });
    // Not an offering staff price or schedule: saving it as one is refused, and changes nothing.
    const asOffering = await settle(() =>
      guarded(
        offeringsRoute,
        "action",
      )(post("/admin/offerings", admin, { key: "test-product", price: "2.00", defaultCapacity: "500", stripePriceId: "price_x" })),
    );
    expect(asOffering.status).toBe(404);

    const save = (stripePriceId: string) =>
      settle(() => guarded(offeringsRoute, "action")(post("/admin/offerings", admin, { intent: "test-product", stripePriceId })));
    expect((await save("prod_123")).body).toMatchObject({ ok: false, fields: { stripePriceId: "A Stripe price id starts with price_ (or leave it empty)." } });
    // It has no "not on sale" state to fall back to: without a price id the dashboard's test purchase has nothing to sell.
    expect((await save("  ")).body).toMatchObject({ ok: false, fields: { stripePriceId: "The test product needs a Stripe price id, starting with price_." } });
    expect(await auditOf("offering.update", "test-product")).toHaveLength(0);
    const [product] = await handle.db.select().from(courses).where(eq(courses.offeringKey, "test-product"));
    try {
      expect((await save("price_test_product_v2")).status).toBe(200);
      const started = await checkout(services(), { testProduct: true, buyer: actorOf(admin) });
      const [session] = await handle.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, started.sessionId));
      expect(session).toMatchObject({ priceId: "price_test_product_v2", amountTotal: 100 });
      await cancelCheckout(services(), started.holdId);
      const [entry] = await auditOf("offering.update", "test-product");
      expect(entry).toMatchObject({ before: { stripePriceId: "price_test_product" }, after: { stripePriceId: "price_test_product_v2" } });
    } finally {
      await handle.db.update(courses).set({ stripePriceId: product.stripePriceId }).where(eq(courses.id, product.id));
      await handle.db.update(offerings).set({ stripePriceId: product.stripePriceId }).where(eq(offerings.key, "test-product"));
    }
  });

  it("answers every loader, action and export only to an administrator: anonymous → /auth, a dentist → /account, no data, nothing written", async () => {
    const dentist = await person();
    const edition = await editionFor(handle, { capacity: 3 });
    const purchase = await paidBooking(edition.id, await person());
    const params = { courseId: edition.id };
    const before = await tableCounts(handle.db);
    // An anonymous visitor's login names the page asked for, to lead back to it; never a download or a form's post.
    const returningTo = (path: string) => `${ADMIN_LOGIN_REQUIRED_PATH}&next=${encodeURIComponent(path)}`;
    for (const who of [null, dentist]) {
      const calls = [
        [() => guarded(editionsRoute, "loader")(page("/admin/editions", who)), returningTo("/admin/editions")],
        [() => guarded(editionRoute, "loader")(page(`/admin/editions/${edition.id}`, who, params) as never), returningTo(`/admin/editions/${edition.id}`)],
        [() => guarded(csvRoute, "loader")(page(`/admin/editions/${edition.id}/attendees.csv`, who, params) as never), ADMIN_LOGIN_REQUIRED_PATH],
        [() => guarded(offeringsRoute, "loader")(page("/admin/offerings", who)), returningTo("/admin/offerings")],
        [
          () => guarded(editionRoute, "action")(post(`/admin/editions/${edition.id}`, who, { intent: "capacity", capacity: "50" }, params) as never),
          ADMIN_LOGIN_REQUIRED_PATH,
        ],
        [
          () =>
            guarded(
              editionRoute,
              "action",
            )(post(`/admin/editions/${edition.id}`, who, { intent: "cancel", purchaseId: purchase.id, amount: "1500" }, params) as never),
          ADMIN_LOGIN_REQUIRED_PATH,
        ],
        [
          () =>
            guarded(offeringsRoute, "action")(post("/admin/offerings", who, { key: "sinus-grafting", price: "1", defaultCapacity: "1", stripePriceId: "" })),
          ADMIN_LOGIN_REQUIRED_PATH,
        ],
      ] as const;
      for (const [call, anonymousLocation] of calls) {
        const location = who === null ? anonymousLocation : "/account";
        let thrown: unknown;
        try {
          await call();
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(Response);
        const response = thrown as Response;
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toBe(location);
        expect(await response.text()).toBe("");
      }
    }
    expect(await tableCounts(handle.db)).toEqual(before);
    expect(await purchaseOf(purchase.id)).toMatchObject({ status: "paid", amountRefunded: 0 });
  });
});
