import { addDays, format } from "date-fns";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { scheduleEdition } from "~/server/catalogue/editions.server";
import { courses } from "~/server/db/schema.server";

import { PUBLIC_CACHE_CONTROL } from "../../server/cache-policy";
import { inDays } from "../support/booking";
import { type HttpApp, rawRequest, startHttpApp } from "../support/http-app";

let app: HttpApp;
beforeAll(async () => {
  app = await startHttpApp();
});
afterAll(async () => {
  await app?.close();
});

/** RFC 5545 3.1: a line break followed by a space or tab continues the line. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, "");
/** Each VEVENT's unfolded lines. */
const events = (ics: string) => [...unfold(ics).matchAll(/BEGIN:VEVENT\r\n(.*?)END:VEVENT/gs)].map(([, body]) => body.split("\r\n"));

describe("GET /upcoming-events.ics", () => {
  it("is an iCalendar feed of the active editions, each all-day and linked to its course page; one running or held stays in it", async () => {
    const { db } = app.services.database;
    const upcoming = await scheduleEdition(db, { offeringKey: "sinus-grafting", startDate: inDays(40) });
    const inactive = await scheduleEdition(db, { offeringKey: "sinus-grafting", startDate: inDays(50) });
    await db.update(courses).set({ isActive: false }).where(eq(courses.id, inactive.id));
    const past = await scheduleEdition(db, { offeringKey: "sinus-grafting", startDate: inDays(60) });
    await db
      .update(courses)
      .set({ startDate: inDays(-10), endDate: inDays(-8) })
      .where(eq(courses.id, past.id));
    // On its first day: a subscribed calendar would delete it if the feed dropped it now.
    const running = await scheduleEdition(db, { offeringKey: "sinus-grafting", startDate: inDays(70) });
    await db
      .update(courses)
      .set({ startDate: inDays(0), endDate: inDays(1) })
      .where(eq(courses.id, running.id));

    const answer = await rawRequest(app.url, { path: "/upcoming-events.ics" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(answer.headers["content-disposition"]).toBe('inline; filename="global-implant-institute-courses.ics"');
    expect(answer.headers["cache-control"]).toBe(PUBLIC_CACHE_CONTROL);

    const ics = unfold(answer.body);
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics).toContain("X-WR-CALNAME:Global Implant Institute courses");
    const host = new URL(app.url).host;
    const uidOf = (id: string) => `UID:${id}@${host}`;
    const all = events(answer.body);
    const mine = all.filter((lines) => lines.includes(uidOf(upcoming.id)));
    expect(mine).toHaveLength(1);
    const [lines] = mine;
    expect(lines).toContain(`DTSTART;VALUE=DATE:${upcoming.startDate!.replaceAll("-", "")}`);
    expect(lines).toContain(`DTEND;VALUE=DATE:${format(addDays(new Date(`${upcoming.endDate!}T00:00:00`), 1), "yyyyMMdd")}`);
    expect(lines).toContain(`SUMMARY:${upcoming.title}`);
    expect(lines).toContain(`URL:${app.url}/courses/sinus-grafting`);
    expect(all.some((event) => event.includes(uidOf(inactive.id)))).toBe(false);
    expect(all.some((event) => event.includes(uidOf(running.id)))).toBe(true);
    expect(all.some((event) => event.includes(uidOf(past.id)))).toBe(true);
  });
});
