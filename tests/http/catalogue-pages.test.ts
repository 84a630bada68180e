import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { formatDateRange } from "~/lib/format";
import { scheduleEdition } from "~/server/catalogue/editions.server";
import { courses, offerings } from "~/server/db/schema.server";

import { inDays } from "../support/booking";
import { changeOfferingPrice } from "../support/catalogue";
import { type HttpApp, rawRequest, startHttpApp } from "../support/http-app";
import { createPerson } from "../support/people";

let app: HttpApp;
beforeAll(async () => {
  app = await startHttpApp();
});
afterAll(async () => {
  await app?.close();
});

/** A page's HTML with React's text separators taken out, streamed parts included (a browser's whole response). */
async function page(path: string): Promise<string> {
  const answer = await rawRequest(app.url, { path, headers: { "User-Agent": "Googlebot/2.1" } });
  expect(answer.status, path).toBe(200);
  return answer.body.replace(/<!-- -->/g, "");
}

const coursePrices = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)]
    .map(([, json]) => JSON.parse(json) as { "@type"?: string; name?: string; offers?: { price?: string }[] })
    .filter((data) => data["@type"] === "Course")
    .map((course) => [course.name, course.offers?.map((offer) => offer.price)]);

/** One programme card of a page: its article. */
const cardOf = (html: string, key: string) => html.slice(html.indexOf(`id="${key}"`), html.indexOf("</article>", html.indexOf(`id="${key}"`)));

describe("pages read what is sold from the database", () => {
  it("show a newly scheduled edition with its dates, places and its own Book Now, on its programme page, course page and the schedule", async () => {
    const edition = await scheduleEdition(app.services.database.db, { offeringKey: "sinus-grafting", startDate: inDays(45) });
    const dates = formatDateRange(edition.startDate!, edition.endDate);
    // Its own Book Now: a form that starts the checkout of this edition.
    const bookNow = `name="courseId" value="${edition.id}"`;

    const grafting = await page("/courses/grafting");
    expect(grafting).toContain(bookNow);
    expect(grafting).toContain(dates);
    const course = await page("/courses/sinus-grafting");
    expect(course).toContain(bookNow);
    expect(course).toContain(dates);
    expect(course).toContain("10 places left");
    const schedule = await page("/upcoming-events");
    expect(schedule).toContain(dates);
    expect(schedule).toContain("Sinus Grafting");
  });

  it("keep a running course on the schedule's calendar through its own days, out of the list of upcoming ones", async () => {
    const { db } = app.services.database;
    const running = await scheduleEdition(db, { offeringKey: "complications", startDate: inDays(-1) });
    const next = await scheduleEdition(db, { offeringKey: "complications", startDate: inDays(40) });
    const schedule = await page("/upcoming-events");
    const list = schedule.slice(
      schedule.indexOf('aria-label="Upcoming courses"'),
      schedule.indexOf("</ul>", schedule.indexOf('aria-label="Upcoming courses"')),
    );
    expect(list).toContain(formatDateRange(next.startDate!, next.endDate));
    expect(list).not.toContain(formatDateRange(running.startDate!, running.endDate));
    // The server draws this month's calendar with the running course on it.
    const calendar = schedule.slice(schedule.indexOf('aria-label="Calendar"'), schedule.indexOf('aria-label="Upcoming courses"'));
    expect(calendar).toContain(`title="${running.title}, ${formatDateRange(running.startDate!, running.endDate).split(",")[0]}`);
  });

  it("keep showing an offering's editions, dates and price after its title is renamed", async () => {
    const { db } = app.services.database;
    const edition = await scheduleEdition(db, { offeringKey: "level-2", startDate: inDays(30) });
    const dates = formatDateRange(edition.startDate!, edition.endDate);
    await db.update(offerings).set({ title: "Level 2 - Live Full Arch Surgery in Dubai" }).where(eq(offerings.key, "level-2"));
    try {
      const fullArch = await page("/courses/full-arch");
      expect(fullArch).toContain(`name="courseId" value="${edition.id}"`);
      expect(fullArch).toContain(dates);
      expect(fullArch).toContain("£12,000");
      const course = await page(`/courses/${edition.id}`);
      expect(course).toContain(dates);
      expect(course).toContain("£12,000");
      expect(await page("/upcoming-events")).toContain(dates);
      // The renamed title is the one the interest form offers.
      expect(await page("/courses")).toContain("Level 2 - Live Full Arch Surgery in Dubai");
    } finally {
      await db.update(offerings).set({ title: "Level 2 - Ultimate Full Arch Live Course" }).where(eq(offerings.key, "level-2"));
    }
  });

  it("follow a price change everywhere it is shown, while an edition already scheduled keeps its price", async () => {
    const { db } = app.services.database;
    const sold = await scheduleEdition(db, { offeringKey: "level-3", startDate: inDays(70) });
    await scheduleEdition(db, { offeringKey: "level-2", startDate: inDays(72) });
    const soldDates = formatDateRange(sold.startDate!, sold.endDate);
    expect(coursePrices(await page("/courses/full-arch"))).toContainEqual(["Level 3 Zygomatic and Advanced Full Arch", ["12995.00"]]);

    await changeOfferingPrice(db, "level-3", 1_350_000);
    await changeOfferingPrice(db, "level-2", 1_250_000);
    try {
      const fullArch = await page("/courses/full-arch");
      expect(fullArch).toContain("£13,500");
      // Above Klarna's limit (£4,000 by default): no instalments promised that the checkout would not offer.
      expect(fullArch).not.toContain("instalments of £3,375");
      // The date scheduled before the change says its own price under its Book Now, and nowhere else.
      expect(fullArch).toContain("£12,995 for these dates");
      expect(fullArch.replaceAll("£12,995 for these dates", "")).not.toContain("£12,995");
      // Search engines are offered what the dates on sale cost: all still sold at the old price.
      expect(coursePrices(fullArch)).toContainEqual(["Level 3 Zygomatic and Advanced Full Arch", ["12995.00"]]);

      const course = await page("/courses/level-3-full-arch-zygomatic-implants");
      expect(course).toContain("£13,500");
      expect(coursePrices(course)).toEqual([["Level 3 Zygomatic and Advanced Full Arch", ["12995.00"]]]);
      // The edition scheduled before the change is still sold at its price.
      expect(course).toContain(soldDates);
      expect(course).toContain("£12,995 for these dates");

      await scheduleEdition(db, { offeringKey: "level-2", startDate: inDays(80) });
      expect(coursePrices(await page("/"))).toEqual([["Level 2 - Ultimate Full Arch Live Course", ["12000.00", "12500.00"]]]);
    } finally {
      await changeOfferingPrice(db, "level-3", 1_299_500);
      await changeOfferingPrice(db, "level-2", 1_200_000);
    }
  });

  it("sell each date on its own price id, as /booking and the checkout do: 'Details Coming Soon' only once no date has one", async () => {
    const { db } = app.services.database;
    const edition = await scheduleEdition(db, { offeringKey: "complications", startDate: inDays(20) });
    const bookNow = `name="courseId" value="${edition.id}"`;
    // The offering's price id cleared: what is scheduled from now on is not for sale, the dates already scheduled still are.
    await db.update(offerings).set({ stripePriceId: null }).where(eq(offerings.key, "complications"));
    try {
      const card = cardOf(await page("/courses/full-arch"), "complications");
      expect(card).toContain(bookNow);
      expect(card).not.toContain("Details Coming Soon");
      expect(await page("/courses/full-arch-complications")).toContain(bookNow);
      expect(await page("/booking")).toContain(bookNow);

      await db.update(courses).set({ stripePriceId: null }).where(eq(courses.offeringKey, "complications"));
      const unsold = cardOf(await page("/courses/full-arch"), "complications");
      expect(unsold).toContain("Details Coming Soon");
      expect(unsold).not.toContain('name="courseId"');
    } finally {
      await db.update(offerings).set({ stripePriceId: "price_full_arch_complications" }).where(eq(offerings.key, "complications"));
      await db.update(courses).set({ stripePriceId: "price_full_arch_complications" }).where(eq(courses.offeringKey, "complications"));
    }
  });

  it("offer in the structured data the prices the dates on sale are sold at, the course fee only while none is", async () => {
    const { db } = app.services.database;
    await scheduleEdition(db, { offeringKey: "sinus-grafting", startDate: inDays(55) });
    await changeOfferingPrice(db, "sinus-grafting", 1_299_550);
    try {
      expect(coursePrices(await page("/courses/grafting"))).toContainEqual(["Sinus Grafting", ["1500.00"]]);
      await scheduleEdition(db, { offeringKey: "sinus-grafting", startDate: inDays(65) });
      expect(coursePrices(await page("/courses/grafting"))).toContainEqual(["Sinus Grafting", ["1500.00", "12995.50"]]);
      expect(coursePrices(await page("/courses/sinus-grafting"))).toEqual([["Sinus Grafting", ["1500.00", "12995.50"]]]);
      // No date of its own: the fee it is shown at.
      expect(coursePrices(await page("/courses/hard-and-soft-tissue-grafting-course"))).toEqual([["Hard and Soft Tissue Grafting", ["2000.00"]]]);
    } finally {
      await changeOfferingPrice(db, "sinus-grafting", 150_000);
    }
  });

  it("list every offering's page in the sitemap", async () => {
    const sitemap = await page("/sitemap.xml");
    for (const slug of ["level-1-full-arch-implant-course", "sinus-grafting", "hard-and-soft-tissue-grafting-course"])
      expect(sitemap).toContain(`/courses/${slug}</loc>`);
  });
});

describe("the back office's offerings page", () => {
  it("shows the test product apart, at its fixed £1 with only its Stripe price id to set, and counts places in the singular too", async () => {
    const { db } = app.services.database;
    const admin = await createPerson({ db, auth: app.services.auth }, { admin: true });
    await db.update(offerings).set({ defaultCapacity: 1 }).where(eq(offerings.key, "complications"));
    try {
      const answer = await rawRequest(app.url, { path: "/admin/offerings", headers: { Cookie: admin.cookie } });
      expect(answer.status).toBe(200);
      const html = answer.body.replace(/<!-- -->/g, "");
      expect(html).toContain("£900 · 1 place · price_full_arch_complications");
      const testProduct = html.slice(html.indexOf('id="test-product-title"'), html.indexOf("</section>", html.indexOf('id="test-product-title"')));
      expect(testProduct).toContain("£1 · charged by the dashboard");
      // Its form posts the price id alone, as the test product's.
      expect(testProduct).toContain('name="intent" value="test-product"');
      expect(testProduct).toContain('name="stripePriceId" value="price_test_product"');
      expect(testProduct).not.toContain('name="price"');
      expect(testProduct).not.toContain('name="defaultCapacity"');
      expect(html).not.toContain("1000000");
    } finally {
      await db.update(offerings).set({ defaultCapacity: 12 }).where(eq(offerings.key, "complications"));
    }
  });
});

describe("a page asked for with capitals", () => {
  it("is sent to its one lowercase address (301), query kept, while other paths and writes are left alone", async () => {
    for (const [asked, sentTo] of [
      ["/Courses", "/courses"],
      ["/CONTACT?utm_source=mail", "/contact?utm_source=mail"],
      ["/Courses/Full-Arch", "/courses/full-arch"],
    ]) {
      const answer = await rawRequest(app.url, { path: asked });
      expect({ status: answer.status, location: answer.headers.location }, asked).toEqual({ status: 301, location: sentTo });
    }
    // A course's own address is its slug, matched as given; an id is not lowercased.
    expect((await rawRequest(app.url, { path: "/courses/Sinus-Grafting" })).status).not.toBe(301);
    expect((await rawRequest(app.url, { path: "/courses" })).status).toBe(200);
  });
});
