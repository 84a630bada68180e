import { randomUUID } from "node:crypto";

import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { ADMIN_LOGIN_REQUIRED_PATH } from "~/lib/pages";
import { SCHEDULE_MESSAGES } from "~/lib/schemas/schedule";
import * as dashboard from "~/routes/admin._index";
import * as editionRoute from "~/routes/admin.editions.$courseId";
import { findEditionForAdmin } from "~/server/admin/editions.server";
import { deactivateEdition, reactivateEdition, scheduleFromTemplate } from "~/server/admin/schedule.server";
import { upcomingEditions } from "~/server/catalogue/editions.server";
import { adminAuditLog, courses, emailOutbox, newsletterSubscribers } from "~/server/db/schema.server";
import { NotFoundError, UnavailableError } from "~/server/platform/errors.server";

import { inDays } from "../support/booking";
import { addEdition, addPurchase } from "../support/catalogue";
import { testDriver, useTestDatabase } from "../support/database";
import { createPerson, type Person, uniqueEmail } from "../support/people";
import { guarded, routeArgs, settle, TEST_SITE_URL, testServices } from "../support/route-args";
import { tableCounts } from "../support/table-counts";

const handle = useTestDatabase();
const services = () => testServices(handle);
const person = (options: Parameters<typeof createPerson>[1] = {}) => createPerson({ db: handle.db, auth: services().auth }, options);
const actorOf = (admin: Person) => ({ id: admin.id, email: admin.email });

/** A date with two paid bookings, taken off sale by staff as the dashboard's Deactivate does. */
async function offSaleWithBookings(admin: Person, startDate: string) {
  const edition = await addEdition(handle.db, { startDate, capacity: 5, stripePriceId: "price_sinus_grafting" });
  await addPurchase(handle.db, edition.id, "paid");
  await addPurchase(handle.db, edition.id, "paid");
  await deactivateEdition(services(), actorOf(admin), edition.id);
  return edition;
}

const auditOf = (action: string, subjectId: string) =>
  handle.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.subjectId, subjectId)));
const outboxSize = async () => (await handle.db.select({ id: emailOutbox.id }).from(emailOutbox)).length;
const onSale = async (id: string) => (await upcomingEditions(handle.db)).find((edition) => edition.id === id);

const postTo = (path: string, who: Person | null, fields: Record<string, string>, params: Record<string, string> = {}, origin = TEST_SITE_URL) =>
  routeArgs(
    new Request(new URL(path, TEST_SITE_URL), {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", ...(who ? { Cookie: who.cookie } : {}) },
      body: new URLSearchParams(fields),
    }),
    handle,
    params,
  );
const editionAction = guarded(editionRoute, "action");
const editionLoader = guarded(editionRoute, "loader");
const reactivateFromPage = (edition: { id: string }, who: Person | null, origin?: string) =>
  settle(() => editionAction(postTo(`/admin/editions/${edition.id}`, who, { intent: "reactivate" }, { courseId: edition.id }, origin) as never));

describe(`putting a date taken off sale back on sale on ${testDriver}`, () => {
  it("sells it again as it was, its bookings counted, audited, the public pages told, and nobody emailed", async () => {
    const admin = await person({ admin: true });
    await handle.db.insert(newsletterSubscribers).values({ email: uniqueEmail("back"), unsubscribeToken: randomUUID(), confirmedAt: new Date() });
    const edition = await offSaleWithBookings(admin, inDays(140));
    expect(await onSale(edition.id)).toBeUndefined();
    const heard = { notices: 0 };
    await handle.listen("catalogue_changed", { onNotice: () => heard.notices++, onLost: () => undefined });
    const mails = await outboxSize();

    expect(await reactivateEdition(handle.db, actorOf(admin), edition.id)).toEqual({ id: edition.id, title: "Sinus Grafting" });

    // The paid places on it are still taken: it is one date, not a fresh one.
    expect(await onSale(edition.id)).toMatchObject({ capacity: 5, placesLeft: 3 });
    const [entry] = await auditOf("edition.reactivate", edition.id);
    expect(entry).toMatchObject({ actorId: admin.id, before: { isActive: false }, after: { isActive: true } });
    expect(entry.summary).toMatch(/^Put Sinus Grafting on .+ back on sale$/);
    await vi.waitFor(() => expect(heard.notices).toBeGreaterThan(0));
    // It was announced when it was scheduled.
    expect(await outboxSize()).toBe(mails);
  });

  it("refuses an unknown edition, one already on sale, one that has started, and one whose day the course is on sale again, changing nothing", async () => {
    const admin = await person({ admin: true });
    const onSaleNow = await addEdition(handle.db, { startDate: inDays(141) });
    const started = await addEdition(handle.db, { startDate: inDays(0), isActive: false });
    const past = await addEdition(handle.db, { startDate: inDays(-5), isActive: false });
    // Two editions of one course on one day, from before scheduling refused the second.
    const twin = await addEdition(handle.db, { startDate: inDays(142), isActive: false });
    await addEdition(handle.db, { startDate: inDays(142) });
    const before = await tableCounts(handle.db);
    const actor = actorOf(admin);

    for (const id of [randomUUID(), "nonsense"]) {
      await expect(reactivateEdition(handle.db, actor, id)).rejects.toBeInstanceOf(NotFoundError);
    }
    await expect(reactivateEdition(handle.db, actor, onSaleNow.id)).rejects.toThrow(/^Sinus Grafting on .+ is already on sale\.$/);
    for (const edition of [started, past]) {
      const refusal = reactivateEdition(handle.db, actor, edition.id);
      await expect(refusal).rejects.toBeInstanceOf(UnavailableError);
      await expect(refusal).rejects.toThrow("Sinus Grafting has already started, so it cannot go back on sale.");
    }
    const twinRefusal = reactivateEdition(handle.db, actor, twin.id);
    await expect(twinRefusal).rejects.toBeInstanceOf(UnavailableError);
    await expect(twinRefusal).rejects.toThrow("Another date of Sinus Grafting on that day is on sale: only one can be.");
    expect(await tableCounts(handle.db)).toEqual(before);
  });
});

describe(`scheduling a day the course has taken off sale on ${testDriver}`, () => {
  it("is refused, pointing to that date's page, so no second edition is sold beside its bookings and nobody hears of it again", async () => {
    const admin = await person({ admin: true });
    const subscriber = uniqueEmail("once.only");
    await handle.db.insert(newsletterSubscribers).values({ email: subscriber, unsubscribeToken: randomUUID(), confirmedAt: new Date() });
    const template = await addEdition(handle.db, { startDate: inDays(30) });
    const startDate = inDays(150);
    const scheduled = await scheduleFromTemplate(
      handle.db,
      actorOf(admin),
      { template_course_id: template.id, new_start_date: startDate },
      { siteUrl: TEST_SITE_URL },
    );
    await addPurchase(handle.db, scheduled.id, "paid");
    await deactivateEdition(services(), actorOf(admin), scheduled.id);
    const before = await tableCounts(handle.db);

    // As the dashboard's Schedule a New Course form sends it.
    const answer = await settle(() =>
      guarded(dashboard, "action")(postTo("/admin?index", admin, { intent: "schedule", template_course_id: template.id, new_start_date: startDate })),
    );
    expect(answer).toEqual({
      status: 409,
      body: {
        intent: "schedule",
        error: SCHEDULE_MESSAGES.scheduleFailed,
        description: `That course is already scheduled to start on that date, but off sale: put it back on sale from its page, /admin/editions/${scheduled.id}.`,
      },
    });
    expect(await tableCounts(handle.db)).toEqual(before);
    const sameDay = await handle.db
      .select()
      .from(courses)
      .where(and(eq(courses.offeringKey, "sinus-grafting"), eq(courses.startDate, startDate)));
    expect(sameDay.map((row) => row.id)).toEqual([scheduled.id]);
  });
});

describe(`the date's page puts it back on sale on ${testDriver}`, () => {
  it("shows an admin that a date is off sale, and puts it back on sale with a message to toast; a second press is refused", async () => {
    const admin = await person({ admin: true });
    const edition = await offSaleWithBookings(admin, inDays(160));
    const load = async () =>
      (
        (await settle(() =>
          editionLoader(
            routeArgs(new Request(new URL(`/admin/editions/${edition.id}`, TEST_SITE_URL), { headers: { Cookie: admin.cookie } }), handle, {
              courseId: edition.id,
            }) as never,
          ),
        )) as { body: { edition: { isActive: boolean }; offSale: { reason: string | null } | null } }
      ).body;
    expect(await load()).toMatchObject({ edition: { isActive: false }, offSale: { reason: null } });

    expect(await reactivateFromPage(edition, admin)).toEqual({
      status: 200,
      body: { intent: "reactivate", ok: true, message: "Back on sale: the date is on the schedule and its course page again." },
    });
    expect((await findEditionForAdmin(handle.db, edition.id)).isActive).toBe(true);
    expect(await load()).toMatchObject({ edition: { isActive: true }, offSale: null });
    expect(await reactivateFromPage(edition, admin)).toEqual({
      status: 409,
      body: { intent: "reactivate", ok: false, error: expect.stringMatching(/is already on sale\.$/) as unknown },
    });
    expect(await auditOf("edition.reactivate", edition.id)).toHaveLength(1);
  });

  it("says why a date that has started cannot go back on sale, instead of offering it", async () => {
    const admin = await person({ admin: true });
    const started = await addEdition(handle.db, { startDate: inDays(0), isActive: false });
    const loaded = await settle(() =>
      editionLoader(
        routeArgs(new Request(new URL(`/admin/editions/${started.id}`, TEST_SITE_URL), { headers: { Cookie: admin.cookie } }), handle, {
          courseId: started.id,
        }) as never,
      ),
    );
    expect(loaded.body).toMatchObject({ offSale: { reason: "Sinus Grafting has already started, so it cannot go back on sale." } });
    expect(await reactivateFromPage(started, admin)).toMatchObject({ status: 409, body: { ok: false } });
  });

  it("sends a visitor to /auth and a dentist to /account, and refuses a post from another site, changing nothing", async () => {
    const admin = await person({ admin: true });
    const dentist = await person();
    const edition = await offSaleWithBookings(admin, inDays(170));
    const before = await tableCounts(handle.db);
    for (const [who, location] of [
      [null, ADMIN_LOGIN_REQUIRED_PATH],
      [dentist, "/account"],
    ] as const) {
      const thrown = (await editionAction(postTo(`/admin/editions/${edition.id}`, who, { intent: "reactivate" }, { courseId: edition.id }) as never).catch(
        (error: unknown) => error,
      )) as Response;
      expect(thrown).toBeInstanceOf(Response);
      expect(thrown.status).toBe(302);
      expect(thrown.headers.get("Location")).toBe(location);
    }
    expect((await reactivateFromPage(edition, admin, "https://evil.example")).status).toBe(403);
    expect(await tableCounts(handle.db)).toEqual(before);
    expect((await findEditionForAdmin(handle.db, edition.id)).isActive).toBe(false);
  });
});
