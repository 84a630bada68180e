import { randomUUID } from "node:crypto";

import { addYears, format } from "date-fns";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { CHECKOUT_MESSAGES } from "~/lib/checkout";
import { SCHEDULE_MESSAGES } from "~/lib/schemas/schedule";
import * as dashboard from "~/routes/admin._index";
import * as createCourseApi from "~/routes/api.functions.create-course";
import * as deactivateCourseApi from "~/routes/api.functions.deactivate-course";
import * as deleteCourseApi from "~/routes/api.functions.delete-course";
import * as interestUnsubscribe from "~/routes/interest.unsubscribe";
import { deactivateEdition, deleteEdition } from "~/server/admin/schedule.server";
import { scheduleEdition } from "~/server/catalogue/editions.server";
import { findOffering } from "~/server/catalogue/offerings.server";
import { adminAuditLog, courses, emailOutbox, interestRegistrations, newsletterSubscribers, seatHolds, userCoursePurchases } from "~/server/db/schema.server";
import { announceNewEdition } from "~/server/marketing/announcements.server";
import { InvalidInputError, UpstreamError } from "~/server/platform/errors.server";

import { builtInCheckout, capturingCheckout, checkout, inDays, whileSessionsOpen } from "../support/booking";
import { addEdition, addPurchase } from "../support/catalogue";
import { testDriver, useTestDatabase } from "../support/database";
import { createPerson, uniqueEmail } from "../support/people";
import { guarded, jsonRequest, routeArgs, settle, TEST_SITE_URL, testServices } from "../support/route-args";
import { tableCounts } from "../support/table-counts";

const handle = useTestDatabase();
const services = () => testServices(handle);
const person = (options: Parameters<typeof createPerson>[1] = {}) => createPerson({ db: handle.db, auth: services().auth }, options);

const createCourse = guarded(createCourseApi, "action");
const deleteCourse = guarded(deleteCourseApi, "action");
const deactivateCourse = guarded(deactivateCourseApi, "action");
const dashboardLoader = guarded(dashboard, "loader");
const dashboardAction = guarded(dashboard, "action");

const call = (endpoint: (args: never) => unknown, path: string, body: unknown, headers: Record<string, string>) =>
  settle(() => endpoint(routeArgs(jsonRequest(path, body, headers), handle) as never));
const asAdmin = async () => ({ Cookie: (await person({ admin: true })).cookie });

/** A template edition of Sinus Grafting: four days, at a price the offering no longer has. */
const template = () =>
  addEdition(handle.db, {
    startDate: inDays(20),
    endDate: inDays(23),
    priceAmount: 99_000,
    stripePriceId: null,
    description: "Template text",
    location: "Dubai",
  });

const mailsFor = (courseTitle: string) =>
  handle.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.subject, `New date: ${courseTitle}`));

describe(`scheduling a course from a template on ${testDriver}`, () => {
  it("copies the template's course and length, takes the offering's price now, and writes the audit entry", async () => {
    const headers = await asAdmin();
    const source = await template();
    const startDate = inDays(400);
    const answer = await call(createCourse, "/api/functions/create-course", { template_course_id: source.id, new_start_date: startDate }, headers);
    expect(answer.status).toBe(200);
    const created = answer.body as { id: string; title: string; start_date: string; end_date: string };
    expect(created).toMatchObject({ title: "Sinus Grafting", start_date: startDate, end_date: inDays(403) });

    const [row] = await handle.db.select().from(courses).where(eq(courses.id, created.id));
    const offering = (await findOffering(handle.db, "sinus-grafting"))!;
    expect(row).toMatchObject({
      offeringKey: "sinus-grafting",
      title: "Sinus Grafting",
      description: "Template text",
      location: "Dubai",
      slug: source.slug,
      isActive: true,
      startDate,
      endDate: inDays(403),
      priceAmount: offering.priceAmount,
      priceCurrency: offering.priceCurrency,
      stripePriceId: offering.stripePriceId,
      capacity: offering.defaultCapacity,
    });
    const [entry] = await handle.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "edition.schedule"), eq(adminAuditLog.subjectId, created.id)));
    expect(entry.after).toMatchObject({ id: created.id, startDate });
  });

  it("refuses missing fields, an unknown template, a malformed date, a past date and one more than five years out, writing nothing", async () => {
    const headers = await asAdmin();
    const source = await template();
    const before = await tableCounts(handle.db);
    const cases: [unknown, string][] = [
      [{}, SCHEDULE_MESSAGES.required],
      [{ template_course_id: source.id }, SCHEDULE_MESSAGES.required],
      [{ template_course_id: "", new_start_date: inDays(30) }, SCHEDULE_MESSAGES.required],
      [{ template_course_id: randomUUID(), new_start_date: inDays(30) }, "There is no course to copy with that id."],
      [{ template_course_id: "not-an-id", new_start_date: inDays(30) }, "There is no course to copy with that id."],
      [{ template_course_id: source.id, new_start_date: "31/12/2030" }, SCHEDULE_MESSAGES.malformedDate],
      [{ template_course_id: source.id, new_start_date: "2030-02-30" }, SCHEDULE_MESSAGES.malformedDate],
      [{ template_course_id: source.id, new_start_date: `${inDays(30)}T25:99:99Z` }, SCHEDULE_MESSAGES.malformedDate],
      [{ template_course_id: source.id, new_start_date: "2030-02-30T00:00:00.000Z" }, SCHEDULE_MESSAGES.malformedDate],
      [{ template_course_id: source.id, new_start_date: inDays(0) }, "The start date must be in the future."],
      [{ template_course_id: source.id, new_start_date: inDays(-10) }, "The start date must be in the future."],
      [
        { template_course_id: source.id, new_start_date: format(addYears(new Date(), 5), "yyyy-MM-dd").replace(/^\d{4}/, (y) => String(Number(y) + 1)) },
        "The start date must be within 5 years.",
      ],
      [{ template_course_id: source.id, new_start_date: `${inDays(30)}\u0000` }, "Text cannot contain a NUL character (\\u0000)."],
    ];
    for (const [body, error] of cases) {
      expect(await call(createCourse, "/api/functions/create-course", body, headers), JSON.stringify(body)).toEqual({ status: 400, body: { error } });
    }
    expect(await tableCounts(handle.db)).toEqual(before);
  });

  it("keeps a course among the templates once its last date is deleted, and schedules it again from its offering", async () => {
    const headers = await asAdmin();
    const templates = async () =>
      (
        (await settle(() => dashboardLoader(routeArgs(new Request(`${TEST_SITE_URL}/admin`, { headers }), handle)))).body as Awaited<
          ReturnType<typeof dashboard.loader>
        >
      ).templates;
    const last = await scheduleEdition(handle.db, { offeringKey: "complications", startDate: inDays(45) });
    expect((await templates()).filter((entry) => entry.title === "Full Arch Complications")).toEqual([{ id: last.id, title: "Full Arch Complications" }]);
    expect(await call(deleteCourse, "/api/functions/delete-course", { course_id: last.id }, headers)).toMatchObject({ status: 200 });

    const [offered] = (await templates()).filter((entry) => entry.title === "Full Arch Complications");
    expect(offered).toBeDefined();
    const answer = await call(createCourse, "/api/functions/create-course", { template_course_id: offered.id, new_start_date: inDays(420) }, headers);
    expect(answer).toMatchObject({ status: 200, body: { title: "Full Arch Complications", start_date: inDays(420), end_date: inDays(420) } });
    const [row] = await handle.db
      .select()
      .from(courses)
      .where(eq(courses.id, (answer.body as { id: string }).id));
    const { offeringKey, title, description, duration, location, imageUrl, slug, priceAmount, stripePriceId, capacity } = last;
    expect(row).toMatchObject({ offeringKey, title, description, duration, location, imageUrl, slug, priceAmount, stripePriceId, capacity, isActive: true });
    expect(row.description).toBeTruthy();
    // Scheduled again, it is a template by its new edition, once.
    expect((await templates()).filter((entry) => entry.title === "Full Arch Complications")).toEqual([{ id: row.id, title: "Full Arch Complications" }]);
    // The test product is never a template, by its key either.
    expect(await call(createCourse, "/api/functions/create-course", { template_course_id: "test-product", new_start_date: inDays(30) }, headers)).toEqual({
      status: 400,
      body: { error: "There is no course to copy with that id." },
    });
  });

  it("accepts an ISO timestamp as the spec sends it, on the day picked by a browser in Dubai, in London in summer or at UTC", async () => {
    const source = await template();
    const headers = await asAdmin();
    // A date picker's local midnight, sent as `toISOString()`: in UTC, the evening before in Dubai (+4) and in London's summer (+1).
    const dubaiMidnight = new Date(`${inDays(500)}T00:00:00+04:00`).toISOString();
    const londonSummerMidnight = new Date(`${inDays(501)}T00:00:00+01:00`).toISOString();
    const cases: [string, string][] = [
      [`${inDays(502)}T00:00:00.000Z`, inDays(502)],
      [dubaiMidnight, inDays(500)],
      [londonSummerMidnight, inDays(501)],
      [`${inDays(503)}T00:00:00+09:00`, inDays(503)],
      [`${inDays(504)}T00:00`, inDays(504)],
    ];
    for (const [sent, day] of cases) {
      const answer = await call(createCourse, "/api/functions/create-course", { template_course_id: source.id, new_start_date: sent }, headers);
      expect(answer, sent).toMatchObject({ status: 200, body: { start_date: day } });
    }
  });

  it("refuses the same course on the same date again, also when two requests come at once, so subscribers hear of it once", async () => {
    const headers = await asAdmin();
    const source = await template();
    const subscriber = uniqueEmail("once");
    await handle.db.insert(newsletterSubscribers).values({ email: subscriber, unsubscribeToken: randomUUID(), confirmedAt: new Date() });
    const body = { template_course_id: source.id, new_start_date: inDays(600) };
    const answers = await Promise.all([1, 2].map(() => call(createCourse, "/api/functions/create-course", body, headers)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body).toEqual({ error: "That course is already scheduled to start on that date." });
    expect(await call(createCourse, "/api/functions/create-course", body, headers)).toMatchObject({ status: 409 });

    const editions = await handle.db
      .select()
      .from(courses)
      .where(and(eq(courses.offeringKey, "sinus-grafting"), eq(courses.startDate, inDays(600))));
    expect(editions).toHaveLength(1);
    expect((await mailsFor("Sinus Grafting")).filter((mail) => mail.toAddress === subscriber)).toHaveLength(1);
    // Taken off sale, the date is still the course's: scheduling it again would sell its places twice; it goes back on sale from its page.
    await handle.db.update(courses).set({ isActive: false }).where(eq(courses.id, editions[0].id));
    expect(await call(createCourse, "/api/functions/create-course", body, headers)).toEqual({
      status: 409,
      body: {
        error: `That course is already scheduled to start on that date, but off sale: put it back on sale from its page, /admin/editions/${editions[0].id}.`,
      },
    });
    expect((await mailsFor("Sinus Grafting")).filter((mail) => mail.toAddress === subscriber)).toHaveLength(1);
  });
});

describe(`deleting and deactivating editions on ${testDriver}`, () => {
  it("deletes a future unbooked edition with its spent holds, and records it", async () => {
    const headers = await asAdmin();
    const edition = await addEdition(handle.db, { startDate: inDays(90) });
    const answer = await call(deleteCourse, "/api/functions/delete-course", { course_id: edition.id }, headers);
    expect(answer).toEqual({ status: 200, body: { deleted: { id: edition.id, title: "Sinus Grafting" } } });
    expect(await handle.db.select().from(courses).where(eq(courses.id, edition.id))).toEqual([]);
    const [entry] = await handle.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "edition.delete"), eq(adminAuditLog.subjectId, edition.id)));
    expect(entry.before).toMatchObject({ id: edition.id, startDate: inDays(90) });
  });

  it("answers 404 for an unknown or deleted edition and 409 for a past one, changing nothing", async () => {
    const headers = await asAdmin();
    const past = await addEdition(handle.db, { startDate: inDays(-3) });
    const gone = await addEdition(handle.db, { startDate: inDays(91) });
    await call(deleteCourse, "/api/functions/delete-course", { course_id: gone.id }, headers);
    const before = await tableCounts(handle.db);
    for (const courseId of [randomUUID(), gone.id, "nonsense"]) {
      expect(await call(deleteCourse, "/api/functions/delete-course", { course_id: courseId }, headers)).toEqual({
        status: 404,
        body: { error: "There is no course with that id." },
      });
    }
    expect(await call(deleteCourse, "/api/functions/delete-course", {}, headers)).toEqual({ status: 400, body: { error: SCHEDULE_MESSAGES.courseRequired } });
    expect(await call(deactivateCourse, "/api/functions/deactivate-course", {}, headers)).toEqual({
      status: 400,
      body: { error: "Please choose a course to deactivate." },
    });
    expect((await call(deleteCourse, "/api/functions/delete-course", { course_id: past.id }, headers)).status).toBe(409);
    expect(await tableCounts(handle.db)).toEqual(before);
  });

  it("refuses an edition with any purchase, offering deactivation, which keeps its bookings", async () => {
    const headers = await asAdmin();
    for (const status of ["paid", "pending", "refunded", "canceled"] as const) {
      const edition = await addEdition(handle.db, { startDate: inDays(92) });
      await addPurchase(handle.db, edition.id, status);
      const before = await tableCounts(handle.db);
      expect(await call(deleteCourse, "/api/functions/delete-course", { course_id: edition.id }, headers)).toEqual({
        status: 409,
        body: { error: "Sinus Grafting has bookings; deactivate it instead." },
      });
      expect(await tableCounts(handle.db)).toEqual(before);
    }
    const booked = await addEdition(handle.db, { startDate: inDays(93) });
    await addPurchase(handle.db, booked.id, "paid");
    expect(await call(deactivateCourse, "/api/functions/deactivate-course", { course_id: booked.id }, headers)).toEqual({
      status: 200,
      body: { deactivated: { id: booked.id, title: "Sinus Grafting" } },
    });
    const [row] = await handle.db.select().from(courses).where(eq(courses.id, booked.id));
    expect(row.isActive).toBe(false);
    const [entry] = await handle.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "edition.deactivate"), eq(adminAuditLog.subjectId, booked.id)));
    expect(entry).toMatchObject({ before: { isActive: true }, after: { isActive: false } });
  });

  it("offers no delete on the dashboard for a deactivated edition with bookings, which deleting always refuses", async () => {
    const admin = await person({ admin: true });
    const load = async (search = "") =>
      (await settle(() => dashboardLoader(routeArgs(new Request(`${TEST_SITE_URL}/admin${search}`, { headers: { Cookie: admin.cookie } }), handle))))
        .body as Awaited<ReturnType<typeof dashboard.loader>>;
    const kept = await addEdition(handle.db, { startDate: inDays(101) });
    await addPurchase(handle.db, kept.id, "refunded");
    await deactivateEdition(services(), admin, kept.id);
    const booked = await addEdition(handle.db, { startDate: inDays(102) });
    await addPurchase(handle.db, booked.id, "paid");
    const unbooked = await addEdition(handle.db, { startDate: inDays(103), isActive: false });

    const { upcoming } = await load();
    const listed = (id: string) => upcoming!.find((course) => course.id === id);
    expect(listed(kept.id)).toMatchObject({ isActive: false, keptForBookings: true });
    // Deleting it is how the admin is offered deactivation.
    expect(listed(booked.id)).toMatchObject({ isActive: true, keptForBookings: false });
    expect(listed(unbooked.id)).toMatchObject({ isActive: false, keptForBookings: false });
    await expect(deleteEdition(services(), admin, kept.id)).rejects.toThrow(
      "Sinus Grafting has bookings, so it is kept; it is already off sale and off the schedule.",
    );
    // Nor does the page without JavaScript ask to confirm deleting it.
    expect((await load(`?delete=${kept.id}`)).confirm).toBeNull();
    expect((await load(`?delete=${unbooked.id}`)).confirm).toMatchObject({ id: unbooked.id });
  });

  it("refuses an edition with a live hold, saying a checkout is in progress rather than that it has bookings", async () => {
    const headers = await asAdmin();
    const edition = await addEdition(handle.db, { startDate: inDays(94), stripePriceId: "price_sinus_grafting" });
    await checkout(services(), { courseId: edition.id, buyer: null });
    const before = await tableCounts(handle.db);
    expect(await call(deleteCourse, "/api/functions/delete-course", { course_id: edition.id }, headers)).toEqual({
      status: 409,
      body: { error: "Sinus Grafting has a checkout in progress; deactivate it instead." },
    });
    expect(await tableCounts(handle.db)).toEqual(before);
  });

  it("settles a checkout whose hold lapsed before deleting: one paid whose event has not come yet is recorded, and the edition kept", async () => {
    const headers = await asAdmin();
    const edition = await addEdition(handle.db, { startDate: inDays(96), stripePriceId: "price_sinus_grafting" });
    const started = await checkout(services(), { courseId: edition.id, buyer: null });
    // Paid at the provider; its event is delayed (kept, not delivered), and meanwhile the hold's time runs out.
    const { checkout: provider, events } = capturingCheckout(services());
    await provider.pay(started.sessionId, { method: "card", email: "late.payer@example.com" });
    await handle.db
      .update(seatHolds)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(seatHolds.courseId, edition.id));

    expect(await call(deleteCourse, "/api/functions/delete-course", { course_id: edition.id }, headers)).toEqual({
      status: 409,
      body: { error: "Sinus Grafting has bookings; deactivate it instead." },
    });
    const [purchase] = await handle.db.select().from(userCoursePurchases).where(eq(userCoursePurchases.courseId, edition.id));
    expect(purchase).toMatchObject({ status: "paid", stripeSessionId: started.sessionId, customerEmail: "late.payer@example.com" });
    expect(events.map(({ type }) => type)).toContain("checkout.session.completed");
  });

  it("settles a checkout whose hold lapsed with its session still open: the session ends, so nobody pays for the deleted edition", async () => {
    const headers = await asAdmin();
    const edition = await addEdition(handle.db, { startDate: inDays(97), stripePriceId: "price_sinus_grafting" });
    const started = await checkout(services(), { courseId: edition.id, buyer: null });
    await handle.db
      .update(seatHolds)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(seatHolds.courseId, edition.id));

    expect((await call(deleteCourse, "/api/functions/delete-course", { course_id: edition.id }, headers)).status).toBe(200);
    const local = builtInCheckout(services());
    expect((await local.session(started.sessionId))?.status).toBe("expired");
    await expect(local.pay(started.sessionId, { method: "card", email: "too.late@example.com" })).rejects.toThrow();
  });

  it("settles a released hold whose session may still have been open (ending it had failed): its payment is recorded, and the edition kept", async () => {
    const headers = await asAdmin();
    const edition = await addEdition(handle.db, { startDate: inDays(98), stripePriceId: "price_sinus_grafting" });
    const started = await checkout(services(), { courseId: edition.id, buyer: null });
    // Released (a replaced checkout, or one closed when the edition went off sale) while expiring its session failed; then paid.
    await handle.db.update(seatHolds).set({ status: "released", releasedAt: new Date() }).where(eq(seatHolds.courseId, edition.id));
    const { checkout: provider } = capturingCheckout(services());
    await provider.pay(started.sessionId, { method: "card", email: "released.payer@example.com" });

    expect((await call(deleteCourse, "/api/functions/delete-course", { course_id: edition.id }, headers)).status).toBe(409);
    const [purchase] = await handle.db.select().from(userCoursePurchases).where(eq(userCoursePurchases.courseId, edition.id));
    expect(purchase).toMatchObject({ stripeSessionId: started.sessionId, customerEmail: "released.payer@example.com" });
  });

  it("keeps the edition and its holds when the payment provider cannot be asked, and says to try again", async () => {
    const admin = await person({ admin: true });
    const edition = await addEdition(handle.db, { startDate: inDays(99), stripePriceId: "price_sinus_grafting" });
    await checkout(services(), { courseId: edition.id, buyer: null });
    await handle.db
      .update(seatHolds)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(seatHolds.courseId, edition.id));
    const unreachable = {
      ...services(),
      payments: { ...services().payments, expireCheckoutSession: () => Promise.reject(new Error("connect ETIMEDOUT api.stripe.com")) },
    };
    const before = await tableCounts(handle.db);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);

    const deleting = deleteEdition(unreachable, { id: admin.id, email: admin.email }, edition.id);

    await expect(deleting).rejects.toBeInstanceOf(UpstreamError);
    await expect(deleting).rejects.toThrow("The payment provider could not be reached to close this course's last checkouts. Please try again in a minute.");
    expect(errors.mock.calls.map((call) => call.map(String).join(" ")).join("\n")).toContain("connect ETIMEDOUT api.stripe.com");
    errors.mockRestore();
    expect(await tableCounts(handle.db)).toEqual(before);
    const holds = await handle.db.select({ status: seatHolds.status }).from(seatHolds).where(eq(seatHolds.courseId, edition.id));
    expect(holds.map(({ status }) => status)).toEqual(["open"]);
  });

  it("ends the checkouts open on an edition it deactivates, so nobody pays for it afterwards, and refuses one still opening", async () => {
    const headers = await asAdmin();
    const edition = await addEdition(handle.db, { startDate: inDays(95), stripePriceId: "price_sinus_grafting", capacity: 5 });
    const base = services();
    const open = await checkout(base, { courseId: edition.id, buyer: null });
    // A second checkout whose session opens while the edition is taken off sale.
    const deactivating = whileSessionsOpen(base, async (_request, open) => {
      expect((await call(deactivateCourse, "/api/functions/deactivate-course", { course_id: edition.id }, headers)).status).toBe(200);
      return open();
    });
    const opening = checkout(deactivating, { courseId: edition.id, buyer: null });
    await expect(opening).rejects.toBeInstanceOf(InvalidInputError);
    await expect(opening).rejects.toThrow(CHECKOUT_MESSAGES.notAvailable);

    const local = builtInCheckout(base);
    expect((await local.session(open.sessionId))?.status).toBe("expired");
    await expect(local.pay(open.sessionId, { method: "card", email: "late@example.com" })).rejects.toThrow();
    const holds = await handle.db.select({ status: seatHolds.status }).from(seatHolds).where(eq(seatHolds.courseId, edition.id));
    expect(holds.map(({ status }) => status)).toEqual(["released", "released"]);
    expect(await handle.db.select().from(userCoursePurchases).where(eq(userCoursePurchases.courseId, edition.id))).toEqual([]);
  });
});

describe(`new-date announcements on ${testDriver}`, () => {
  it("emails each interested or subscribed address once per edition, with a one-click unsubscribe, and nobody who unsubscribed or never confirmed", async () => {
    const headers = await asAdmin();
    const source = await template();
    const both = uniqueEmail("both");
    const interestedOnly = uniqueEmail("interested");
    const otherCourse = uniqueEmail("other");
    const unsubscribed = uniqueEmail("gone");
    const unconfirmed = uniqueEmail("never.confirmed");
    const subscriber = uniqueEmail("subscriber");
    const confirmedAt = new Date();
    await handle.db.insert(interestRegistrations).values([
      { name: "Both <b>", email: both.toUpperCase(), offeringKeys: ["sinus-grafting"], confirmedAt },
      { name: "Interested", email: interestedOnly, offeringKeys: ["sinus-grafting", "full-arch"], confirmedAt },
      { name: "Other", email: otherCourse, offeringKeys: ["full-arch"], confirmedAt },
      { name: "Gone", email: unsubscribed, offeringKeys: ["sinus-grafting"], confirmedAt, unsubscribedAt: new Date() },
      // Registered by anyone who typed the address: it never confirmed.
      { name: "Unconfirmed", email: unconfirmed, offeringKeys: ["sinus-grafting"], confirmationToken: randomUUID() },
    ]);
    await handle.db.insert(newsletterSubscribers).values([
      { email: both, name: "Dr <Both>", unsubscribeToken: randomUUID(), confirmedAt: new Date() },
      { email: subscriber, name: null, unsubscribeToken: "subscriber-token", confirmedAt: new Date() },
      { email: uniqueEmail("unconfirmed"), unsubscribeToken: randomUUID() },
      { email: uniqueEmail("left"), unsubscribeToken: randomUUID(), confirmedAt: new Date(), unsubscribedAt: new Date() },
    ]);

    const first = await call(createCourse, "/api/functions/create-course", { template_course_id: source.id, new_start_date: inDays(300) }, headers);
    expect(first.status).toBe(200);
    const mails = (await mailsFor("Sinus Grafting")).filter((mail) =>
      [both, interestedOnly, otherCourse, unsubscribed, unconfirmed, subscriber].includes(mail.toAddress),
    );
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([both, interestedOnly, subscriber].sort());
    const toBoth = mails.find((mail) => mail.toAddress === both)!;
    // The name typed when subscribing was never confirmed by the address's owner: no verified account, no name.
    expect(toBoth.html).not.toContain("Both&gt;");
    expect(toBoth.text).toContain("Hello,");
    expect(toBoth.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:3000\/newsletter\/unsubscribe\?token=/);
    expect(toBoth.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const toInterested = mails.find((mail) => mail.toAddress === interestedOnly)!;
    expect(toInterested.html).not.toContain("Interested");
    const interestLink = /<(http:\/\/localhost:3000\/interest\/unsubscribe\?token=[^>]+)>/.exec(toInterested.headers["List-Unsubscribe"])![1];
    expect(toInterested.html).toContain(interestLink.replace(/&/g, "&amp;"));

    // A second edition of the same course: each address hears once more, for that edition only.
    const second = await call(createCourse, "/api/functions/create-course", { template_course_id: source.id, new_start_date: inDays(310) }, headers);
    expect(second.status).toBe(200);
    const after = (await mailsFor("Sinus Grafting")).filter((mail) => [both, interestedOnly, subscriber].includes(mail.toAddress));
    expect(after).toHaveLength(6);

    // The interest unsubscribe link works by one-click POST from a mail client; pressed again, it says the same.
    const unsubscribe = guarded(interestUnsubscribe, "action");
    const post = (link = interestLink) =>
      unsubscribe(
        routeArgs(
          new Request(link.replace("http://localhost:3000", TEST_SITE_URL), {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example.net" },
            body: "List-Unsubscribe=One-Click",
          }),
          handle,
        ),
      );
    expect(await post()).toEqual({ unsubscribed: true });
    expect(await post()).toEqual({ unsubscribed: true });
    expect(await post(interestLink.replace(/token=[^&]+/, "token=not-a-real-token"))).toEqual({ unsubscribed: false });
    const [registration] = await handle.db.select().from(interestRegistrations).where(eq(interestRegistrations.email, interestedOnly));
    expect(registration.unsubscribedAt).not.toBeNull();
    await call(createCourse, "/api/functions/create-course", { template_course_id: source.id, new_start_date: inDays(320) }, headers);
    expect((await mailsFor("Sinus Grafting")).filter((mail) => mail.toAddress === interestedOnly)).toHaveLength(2);
  });

  it("promises booking only for a date its course page sells: not for a course that only takes interest, nor for one without a valid price id", async () => {
    const headers = await asAdmin();
    const subscriber = uniqueEmail("subscriber");
    await handle.db.insert(newsletterSubscribers).values({ email: subscriber, unsubscribeToken: randomUUID(), confirmedAt: new Date() });
    const textOf = async (courseTitle: string) => {
      const [mail] = (await mailsFor(courseTitle)).filter((row) => row.toAddress === subscriber);
      return mail.text;
    };

    // Sinus Grafting's offering has a price id: its page offers Book Now.
    await call(createCourse, "/api/functions/create-course", { template_course_id: (await template()).id, new_start_date: inDays(330) }, headers);
    expect(await textOf("Sinus Grafting")).toContain("See the course and book");
    expect(await textOf("Sinus Grafting")).toContain("Groups are small and places go quickly.");

    // Its page offers only Register Your Interest, and /booking calls it not available for booking.
    const grafting = await addEdition(handle.db, {
      offeringKey: "hard-soft-tissue-grafting",
      title: "Hard and Soft Tissue Grafting Course",
      slug: "hard-and-soft-tissue-grafting-course",
      startDate: inDays(40),
      stripePriceId: null,
    });
    await call(createCourse, "/api/functions/create-course", { template_course_id: grafting.id, new_start_date: inDays(340) }, headers);
    expect(await textOf("Hard and Soft Tissue Grafting Course")).toMatch(/^See the course http/m);
    expect(await textOf("Hard and Soft Tissue Grafting Course")).not.toMatch(/book/i);
    // No places are sold: none can go quickly.
    expect(await textOf("Hard and Soft Tissue Grafting Course")).not.toContain("places go quickly");

    // A course on sale whose edition has no price id shows 'Details Coming Soon' in place of Book Now.
    const unpriced = await addEdition(handle.db, { startDate: inDays(350), stripePriceId: null, title: "Sinus Grafting (no price id)" });
    await handle.db.transaction((tx) => announceNewEdition(tx, { ...unpriced, startDate: unpriced.startDate!, endDate: unpriced.endDate! }, TEST_SITE_URL));
    expect(await textOf("Sinus Grafting (no price id)")).toMatch(/^See the course http/m);
    expect(await textOf("Sinus Grafting (no price id)")).not.toMatch(/book/i);
  });
});

describe(`who may schedule and delete on ${testDriver}`, () => {
  it("refuses the endpoints anonymously (401), to a non-admin (403) and from another site, writing nothing", async () => {
    const source = await template();
    const edition = await addEdition(handle.db, { startDate: inDays(95) });
    const someone = await person();
    const admin = await person({ admin: true });
    const before = await tableCounts(handle.db);
    const endpoints = [
      [createCourse, "/api/functions/create-course", { template_course_id: source.id, new_start_date: inDays(200) }],
      [deleteCourse, "/api/functions/delete-course", { course_id: edition.id }],
      [deactivateCourse, "/api/functions/deactivate-course", { course_id: edition.id }],
    ] as const;
    for (const [endpoint, path, body] of endpoints) {
      expect((await call(endpoint, path, body, {})).status, path).toBe(401);
      expect((await call(endpoint, path, body, { Cookie: someone.cookie })).status, path).toBe(403);
      expect((await call(endpoint, path, body, { Cookie: admin.cookie, Origin: "https://evil.example" })).status, path).toBe(403);
      expect((await call(endpoint, path, body, { Cookie: admin.cookie, Origin: "" })).status, path).toBe(403);
    }
    expect(await tableCounts(handle.db)).toEqual(before);
  });

  it("sends a non-admin to /account and a visitor to /auth from the dashboard's loader and action", async () => {
    const source = await template();
    const someone = await person();
    const before = await tableCounts(handle.db);
    const form = (cookie?: string) =>
      new Request(`${TEST_SITE_URL}/admin?index`, {
        method: "POST",
        headers: { ...(cookie ? { Cookie: cookie } : {}), Origin: TEST_SITE_URL, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "schedule", template_course_id: source.id, new_start_date: inDays(210) }).toString(),
      });
    const page = (cookie?: string) => new Request(`${TEST_SITE_URL}/admin`, { headers: cookie ? { Cookie: cookie } : {} });
    for (const [cookie, location] of [
      [someone.cookie, "/account"],
      [undefined, "/auth?notice=admin-login-required"],
    ] as const) {
      for (const answer of [
        await settle(() => dashboardLoader(routeArgs(page(cookie), handle))),
        await settle(() => dashboardAction(routeArgs(form(cookie), handle))),
      ]) {
        expect(answer.status).toBe(302);
      }
      const thrown = (await dashboardLoader(routeArgs(page(cookie), handle)).catch((error: unknown) => error)) as Response;
      expect(thrown.headers.get("Location")).toBe(location);
    }
    expect(await tableCounts(handle.db)).toEqual(before);
  });

  it("schedules, refuses and deletes through the dashboard's forms for an admin", async () => {
    const admin = await person({ admin: true });
    const source = await template();
    const post = (fields: Record<string, string>) =>
      settle(() =>
        dashboardAction(
          routeArgs(
            new Request(`${TEST_SITE_URL}/admin?index`, {
              method: "POST",
              headers: { Cookie: admin.cookie, Origin: TEST_SITE_URL, "Content-Type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams(fields).toString(),
            }),
            handle,
          ),
        ),
      );
    expect(await post({ intent: "schedule", template_course_id: "", new_start_date: "" })).toEqual({
      status: 400,
      body: { intent: "schedule", error: SCHEDULE_MESSAGES.scheduleFailed, description: SCHEDULE_MESSAGES.required },
    });
    expect(await post({ intent: "schedule", template_course_id: source.id, new_start_date: inDays(250) })).toEqual({
      status: 200,
      body: { intent: "schedule", message: SCHEDULE_MESSAGES.scheduled },
    });
    expect(await post({ intent: "schedule", template_course_id: source.id, new_start_date: inDays(250) })).toEqual({
      status: 409,
      body: { intent: "schedule", error: SCHEDULE_MESSAGES.scheduleFailed, description: "That course is already scheduled to start on that date." },
    });
    const loaded = (await settle(() => dashboardLoader(routeArgs(new Request(`${TEST_SITE_URL}/admin`, { headers: { Cookie: admin.cookie } }), handle))))
      .body as Awaited<ReturnType<typeof dashboard.loader>>;
    const scheduled = loaded.upcoming!.find((course) => course.startDate === inDays(250))!;
    expect(loaded.templates.filter((entry) => entry.title === "Sinus Grafting")).toHaveLength(1);
    await addPurchase(handle.db, scheduled.id, "paid");
    expect(await post({ intent: "delete", course_id: scheduled.id })).toEqual({
      status: 409,
      body: {
        intent: "delete",
        error: SCHEDULE_MESSAGES.deleteFailed,
        description: "Sinus Grafting has bookings; deactivate it instead.",
        deactivate: { id: scheduled.id, title: "Sinus Grafting", inUse: "bookings" },
      },
    });
    // Once deactivated, deleting it again says it is kept, and offers nothing more.
    expect(await post({ intent: "deactivate", course_id: scheduled.id })).toMatchObject({ status: 200 });
    expect(await post({ intent: "delete", course_id: scheduled.id })).toEqual({
      status: 409,
      body: {
        intent: "delete",
        error: SCHEDULE_MESSAGES.deleteFailed,
        description: "Sinus Grafting has bookings, so it is kept; it is already off sale and off the schedule.",
      },
    });
    const spare = await addEdition(handle.db, { startDate: inDays(96) });
    expect(await post({ intent: "delete", course_id: spare.id })).toEqual({
      status: 200,
      body: { intent: "delete", message: "Successfully deleted course: Sinus Grafting" },
    });
    // Nobody has booked this one, but someone is paying for it: that is what the offer says; deactivating ends the checkout, and then it can go.
    const paying = await addEdition(handle.db, { startDate: inDays(97), stripePriceId: "price_sinus_grafting" });
    await checkout(services(), { courseId: paying.id, buyer: null });
    expect(await post({ intent: "delete", course_id: paying.id })).toEqual({
      status: 409,
      body: {
        intent: "delete",
        error: SCHEDULE_MESSAGES.deleteFailed,
        description: "Sinus Grafting has a checkout in progress; deactivate it instead.",
        deactivate: { id: paying.id, title: "Sinus Grafting", inUse: "checkout" },
      },
    });
    expect(await post({ intent: "deactivate", course_id: paying.id })).toMatchObject({ status: 200 });
    expect(await post({ intent: "delete", course_id: paying.id })).toMatchObject({ status: 200 });
  });
});
