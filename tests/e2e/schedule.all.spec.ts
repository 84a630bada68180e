import type { Page } from "@playwright/test";
import { addDays, addMonths, format, isSameMonth, isSameYear, parseISO, startOfMonth, startOfWeek } from "date-fns";

import { formatDateRange } from "~/lib/format";
import { courseDetailsPath } from "~/lib/schedule";

import { expect, holdCode, test } from "./fixtures";

const rangeTitle = (page: Page) => page.locator(".rbc-toolbar-label");
const toolbarButton = (page: Page, name: string) => page.locator(".rbc-toolbar").getByRole("button", { name, exact: true });
/** ICS lines with folding undone (RFC 5545 3.1). */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, "");

test.describe("the schedule", () => {
  test("shows the list and a month, week and day calendar that steps through time", { tag: "@phone" }, async ({ page }) => {
    // The server draws the calendar: it is there, on this month, before its code, which loads only once it is used.
    const code = await holdCode(page, "schedule-calendar");
    await page.goto("/upcoming-events");
    await expect(page.getByRole("heading", { level: 1, name: "Upcoming Courses and Events" })).toBeVisible();
    const list = page.getByRole("list", { name: "Upcoming courses" });
    await expect(list).toBeVisible();
    // Spec 2's link rule, as in the calendar's event details: full-arch and grafting titles lead to their programme pages.
    const links = await list
      .getByRole("link")
      .evaluateAll((anchors) => anchors.map((anchor) => [anchor.textContent?.trim() ?? "", anchor.getAttribute("href")]));
    expect(links.map(([, href]) => href)).toEqual(expect.arrayContaining(["/courses/full-arch", "/courses/grafting"]));
    expect(links).toEqual(links.map(([title]) => [title, courseDetailsPath(title ?? "")]));
    const listTop = async () => (await list.boundingBox())!.y;
    const before = await listTop();
    await expect(page.locator(".rbc-calendar")).toBeVisible();
    // Spec 9: a calendar of height 700.
    expect((await page.locator(".rbc-calendar").boundingBox())!.height).toBe(700);
    await expect(toolbarButton(page, "Month")).toHaveClass(/rbc-active/);
    const thisMonth = format(new Date(), "MMMM yyyy");
    await expect(rangeTitle(page)).toHaveText(thisMonth);
    expect(code.asked).toEqual([]);

    // A press before the code has arrived is answered once it has.
    await toolbarButton(page, "Next").click();
    await expect.poll(() => code.asked.length).toBe(1);
    await expect(rangeTitle(page)).toHaveText(thisMonth);
    code.release();
    await expect(rangeTitle(page)).toHaveText(format(addMonths(new Date(), 1), "MMMM yyyy"));
    expect(await listTop()).toBe(before);
    await toolbarButton(page, "Back").click();
    await toolbarButton(page, "Back").click();
    await expect(rangeTitle(page)).toHaveText(format(addMonths(new Date(), -1), "MMMM yyyy"));
    await toolbarButton(page, "Today").click();
    await expect(rangeTitle(page)).toHaveText(thisMonth);

    await toolbarButton(page, "Week").click();
    await expect(toolbarButton(page, "Week")).toHaveClass(/rbc-active/);
    await expect(page.locator(".rbc-time-view")).toBeVisible();
    // The hours open on a course day's morning, not on midnight.
    const firstHourShown = () =>
      page.locator(".rbc-time-content").evaluate((hours) => {
        const labels = [...hours.querySelectorAll<HTMLElement>(".rbc-time-gutter .rbc-label")];
        const top = hours.getBoundingClientRect().top;
        return labels.find((label) => label.getBoundingClientRect().top >= top - 1)?.textContent;
      });
    await expect.poll(firstHourShown).toBe("08:00");
    const week = await rangeTitle(page).textContent();
    // Days without a leading zero, the month named once when the week stays in it, and the year.
    const [monday, sunday] = [startOfWeek(new Date(), { weekStartsOn: 1 }), addDays(startOfWeek(new Date(), { weekStartsOn: 1 }), 6)];
    expect(week).toBe(
      isSameYear(monday, sunday)
        ? `${format(monday, "MMMM d")} – ${format(sunday, isSameMonth(monday, sunday) ? "d, yyyy" : "MMMM d, yyyy")}`
        : `${format(monday, "MMMM d, yyyy")} – ${format(sunday, "MMMM d, yyyy")}`,
    );
    await toolbarButton(page, "Next").click();
    await expect(rangeTitle(page)).not.toHaveText(week!);
    await toolbarButton(page, "Today").click();
    await expect(rangeTitle(page)).toHaveText(week!);

    await toolbarButton(page, "Day").click();
    await expect(toolbarButton(page, "Day")).toHaveClass(/rbc-active/);
    const today = await rangeTitle(page).textContent();
    expect(today).toBe(format(new Date(), "EEEE d MMMM yyyy"));
    await toolbarButton(page, "Back").click();
    await expect(rangeTitle(page)).not.toHaveText(today!);
    await toolbarButton(page, "Today").click();
    await expect(rangeTitle(page)).toHaveText(today!);

    await toolbarButton(page, "Month").click();
    await expect(toolbarButton(page, "Month")).toHaveClass(/rbc-active/);
    await expect(page.locator(".rbc-month-view")).toBeVisible();
    // Nothing sticks out sideways, on a phone too.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test("reached from another page, the schedule shows 'Loading schedule...' in the calendar's room until its code arrives", async ({ page }) => {
    await page.goto("/contact");
    const code = await holdCode(page, "schedule-calendar");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Schedule", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Upcoming Courses and Events" })).toBeVisible();
    const loading = page.getByText("Loading schedule...");
    await expect(loading).toBeVisible();
    const list = page.getByRole("list", { name: "Upcoming courses" });
    const before = (await list.boundingBox())!.y;
    code.release();
    await expect(page.locator(".rbc-calendar")).toBeVisible();
    await expect(loading).toBeHidden();
    expect((await list.boundingBox())!.y).toBe(before);
    // The calendar's stylesheet came with it: its days are a grid, not a list.
    await expect(page.locator(".rbc-month-row").first()).toHaveCSS("display", "flex");
    await toolbarButton(page, "Next").click();
    await expect(rangeTitle(page)).toHaveText(format(addMonths(new Date(), 1), "MMMM yyyy"));
  });

  test("a visitor whose day is not the server's sees their own today, the calendar's code loading at once", async ({ browser, baseURL }) => {
    // Two time zones 25 hours apart are never on the same day: one of them is on another day than this machine (the server's clock).
    const dayIn = (timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
    const timezoneId = ["Pacific/Kiritimati", "Pacific/Pago_Pago"].find((zone) => dayIn(zone) !== format(new Date(), "yyyy-MM-dd"))!;
    const visitorDay = parseISO(dayIn(timezoneId));
    const context = await browser.newContext({ baseURL, timezoneId });
    try {
      const page = await context.newPage();
      const calendarCode = page.waitForRequest(/\/assets\/schedule-calendar-[\w-]+\.js$/);
      await page.goto("/upcoming-events");
      await calendarCode;
      await expect(rangeTitle(page)).toHaveText(format(visitorDay, "MMMM yyyy"));
      await expect(page.locator(".rbc-month-view .rbc-date-cell.rbc-now")).toHaveText(format(visitorDay, "d"));
      await toolbarButton(page, "Next").click();
      await expect(rangeTitle(page)).toHaveText(format(addMonths(visitorDay, 1), "MMMM yyyy"));
    } finally {
      await context.close();
    }
  });

  test("a tap begun as the calendar's code arrives, and ended once it has, presses what it began on", { tag: "@phone" }, async ({ page }) => {
    // Seen in CI: the month, once hydrated, drew itself empty and again to measure its days, and a tap's press and release then
    // fell on two different buttons, which is no click at all. The first day's number is in every month's grid, as an event may not be.
    const code = await holdCode(page, "schedule-calendar");
    await page.goto("/upcoming-events");
    const firstDay = page.locator(".rbc-month-view .rbc-date-cell:not(.rbc-off-range) button").first();
    const pressed = await firstDay.elementHandle();
    const box = (await firstDay.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await expect.poll(() => code.asked.length).toBe(1);
    code.release();
    // React has taken over the button pressed (its props are on it), or drawn another in its place.
    await expect.poll(() => pressed.evaluate((button) => !button.isConnected || Object.keys(button).some((key) => key.startsWith("__reactProps$")))).toBe(true);
    await page.mouse.up();
    await expect(toolbarButton(page, "Day")).toHaveClass(/rbc-active/);
    await expect(rangeTitle(page)).toHaveText(format(startOfMonth(new Date()), "EEEE d MMMM yyyy"));
  });

  test("the month fits its days' events to the room it measures, when it hydrates and when the window is resized", async ({ page, data }) => {
    // Eight one-day courses on the first of this month, which is in its grid whatever the day; past courses stay on the calendar.
    const firstDay = format(startOfMonth(new Date()), "yyyy-MM-dd");
    for (let index = 0; index < 8; index++) await data.edition({ offeringKey: "complications", startDate: firstDay });
    // Events far taller than the server expects, as a visitor's larger text would make them.
    await page.addInitScript(() =>
      document.addEventListener("DOMContentLoaded", () => {
        const style = document.createElement("style");
        style.id = "tall-events";
        style.textContent =
          ".rbc-month-view :is(.rbc-event-content, .rbc-event button, .rbc-show-more) { font-size: 48px !important; line-height: 1.5 !important }";
        document.head.append(style);
      }),
    );
    await page.goto("/upcoming-events");
    // The busiest day of the month's first week: the first of the month.
    const hidden = () =>
      page
        .locator(".rbc-month-view .rbc-month-row")
        .first()
        .locator(".rbc-show-more")
        .evaluateAll((buttons) => Math.max(0, ...buttons.map((button) => Number(/\d+/.exec(button.textContent ?? "")?.[0] ?? 0))));
    const asTheServerDrewIt = await hidden();
    expect(asTheServerDrewIt).toBeGreaterThan(0);

    await page.locator(".rbc-toolbar").hover();
    await expect.poll(hidden).toBeGreaterThan(asTheServerDrewIt);
    await page.evaluate(() => document.getElementById("tall-events")!.remove());
    const { width, height } = page.viewportSize()!;
    await page.setViewportSize({ width: width - 10, height });
    await expect.poll(hidden).toBe(asTheServerDrewIt);
  });

  test('a busy day\'s "+N more" stays within its day, says how many more, and opens the day from the keyboard', { tag: "@phone" }, async ({ page, data }) => {
    // Eight one-day courses on a day and seven on the next, two months out: more than a day has room for, in a month of any number of weeks.
    // Hard and Soft Tissue Grafting, whose dates no other test counts: the full-arch page's test says Complications has one date.
    const busy = addDays(startOfMonth(addMonths(new Date(), 2)), 9 + Math.floor(Math.random() * 10));
    for (const [day, count] of [
      [busy, 8],
      [addDays(busy, 1), 7],
    ] as const) {
      for (let index = 0; index < count; index++) await data.edition({ offeringKey: "hard-soft-tissue-grafting", startDate: format(day, "yyyy-MM-dd") });
    }
    await page.goto("/upcoming-events");
    for (let month = 1; month <= 2; month++) {
      await toolbarButton(page, "Next").click();
      await expect(rangeTitle(page)).toHaveText(format(addMonths(new Date(), month), "MMMM yyyy"));
    }

    const showMore = page.locator(".rbc-month-view .rbc-show-more");
    await expect(showMore.first()).toBeVisible();
    for (const button of await showMore.all()) {
      await expect(button).toHaveAccessibleName(/^\+\d+ more$/);
      // Within its day's column, and its label not cut short.
      const fits = await button.evaluate((element) => {
        const own = element.getBoundingClientRect();
        const day = element.closest(".rbc-row-segment")!.getBoundingClientRect();
        return own.left >= day.left - 0.5 && own.right <= day.right + 0.5 && element.scrollWidth <= element.clientWidth;
      });
      expect(fits, (await button.textContent()) ?? "").toBe(true);
    }

    await showMore.first().focus();
    await page.keyboard.press("Enter");
    await expect(toolbarButton(page, "Day")).toHaveClass(/rbc-active/);
    // The button went with the month: focus goes on to the day's first course, not back to the top of the page.
    await expect(page.locator(".rbc-time-header-content [role=cell] button").first()).toBeFocused();
  });

  test(
    "an edition's event opens its details, which close by button, Escape and backdrop, and lead to its course",
    { tag: "@phone" },
    async ({ page, data }, testInfo) => {
      // Its places left are read from the first event with its title and dates: a day of its own, three months out, where
      // no other test schedules Level 3 (the desktop and the phone run take days two weeks apart, never one week's row).
      const day = addDays(startOfMonth(addMonths(new Date(), 3)), testInfo.project.name === "mobile" ? 16 : 2);
      const capacity = 5 + Math.floor(Math.random() * 5);
      const edition = await data.edition({ offeringKey: "level-3", startDate: format(day, "yyyy-MM-dd"), capacity });
      const dates = formatDateRange(edition.startDate!, edition.endDate);
      await page.goto("/upcoming-events");
      for (let month = 1; month <= 3; month++) {
        await toolbarButton(page, "Next").click();
        await expect(rangeTitle(page)).toHaveText(format(addMonths(new Date(), month), "MMMM yyyy"));
      }
      // The month view puts the event's tooltip on its content.
      const event = page.getByTitle(`${edition.title}, ${dates}`, { exact: true }).first();
      const dialog = page.getByRole("dialog");
      // Spec 2: all-day events in gold (#C09A58 at 0.9 opacity) with white text; its thin navy outline is what lets axe pass it.
      const eventBox = page
        .locator(".rbc-event")
        .filter({ has: page.getByRole("button", { name: `${edition.title}, ${dates}` }) })
        .first();
      await expect(eventBox).toHaveCSS("background-color", "rgb(192, 154, 88)");
      await expect(eventBox).toHaveCSS("opacity", "0.9");
      await expect(eventBox.getByRole("button")).toHaveCSS("color", "rgb(255, 255, 255)");

      const open = async () => {
        await event.click();
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole("heading", { name: edition.title })).toBeVisible();
      };
      await open();
      await expect(dialog.getByText("Description:")).toBeVisible();
      await expect(dialog).toContainText(`Description: ${edition.description!}`);
      await expect(dialog.getByText(edition.location!)).toBeVisible();
      await expect(dialog.getByText(format(parseISO(edition.startDate!), "EEEE, MMMM do, yyyy"))).toBeVisible();
      await expect(dialog.getByText(format(parseISO(edition.endDate!), "EEEE, MMMM do, yyyy"))).toBeVisible();
      await expect(dialog.getByText("Starts:")).toBeVisible();
      await expect(dialog.getByText("Ends:")).toBeVisible();
      await expect(dialog.getByText(`${capacity} places left`)).toBeVisible();

      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(dialog).toBeHidden();
      await open();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await open();
      // A click on the dimmed page beside the dialog.
      await page.mouse.click(5, 5);
      await expect(dialog).toBeHidden();

      await open();
      await dialog.getByRole("link", { name: "View Course Details" }).click();
      await expect(page).toHaveURL(/\/courses\/full-arch$/);

      // Back from the course: the calendar is on the month it was showing, which the address keeps (a reload too).
      await page.goBack();
      await expect(page).toHaveURL(/\/upcoming-events\?date=\d{4}-\d{2}-\d{2}$/);
      await expect(rangeTitle(page)).toHaveText(format(addMonths(new Date(), 3), "MMMM yyyy"));
      await expect(event).toBeVisible();
      await page.reload();
      await expect(rangeTitle(page)).toHaveText(format(addMonths(new Date(), 3), "MMMM yyyy"));
      await toolbarButton(page, "Today").click();
      await expect(rangeTitle(page)).toHaveText(format(new Date(), "MMMM yyyy"));
      // The menu's Schedule, from a month ahead: the schedule as it opens, today's month, and an address to match.
      await toolbarButton(page, "Next").click();
      await expect(rangeTitle(page)).toHaveText(format(addMonths(new Date(), 1), "MMMM yyyy"));
      if (testInfo.project.name === "mobile") await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("link", { name: "Schedule", exact: true }).filter({ visible: true }).first().click();
      await expect(page).toHaveURL(/\/upcoming-events$/);
      await expect(rangeTitle(page)).toHaveText(format(new Date(), "MMMM yyyy"));
    },
  );

  test("without scripts, the calendar says its buttons need them and the list below holds every date", async ({
    page,
    browser,
    baseURL,
    data,
    demoCatalogue,
  }) => {
    const edition = await data.edition({ offeringKey: "level-3", startDate: demoCatalogue.startDateIn("level-3", 1) });
    const note = "The calendar's buttons need JavaScript, which is off: every course to come is listed below it.";
    await page.goto("/upcoming-events");
    await expect(page.locator(".rbc-calendar")).toBeVisible();
    await expect(page.getByText(note)).toBeHidden();
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const noScripts = await context.newPage();
      await noScripts.goto("/upcoming-events");
      await expect(noScripts.getByRole("region", { name: "Calendar" }).getByText(note)).toBeVisible();
      await expect(noScripts.getByRole("list", { name: "Upcoming courses" }).getByText(formatDateRange(edition.startDate!, edition.endDate))).not.toHaveCount(
        0,
      );
    } finally {
      await context.close();
    }
  });

  test("Subscribe offers the schedule as an iCalendar feed", { tag: "@phone" }, async ({ page, data, demoCatalogue }) => {
    const edition = await data.edition({ offeringKey: "level-3", startDate: demoCatalogue.startDateIn("level-3", 1) });
    await page.goto("/upcoming-events");
    const subscribe = page.getByRole("link", { name: "Subscribe" });
    await expect(subscribe).toHaveAttribute("href", "/upcoming-events.ics");
    const answer = await page.request.get((await subscribe.getAttribute("href"))!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const ics = unfold(await answer.text());
    expect(ics).toContain("BEGIN:VCALENDAR");
    const mine = [...ics.matchAll(/BEGIN:VEVENT\r\n(.*?)END:VEVENT/gs)].map(([, body]) => body).find((body) => body.includes(`UID:${edition.id}@`));
    expect(mine).toContain(`SUMMARY:${edition.title}`);
    expect(mine).toContain(`DTSTART;VALUE=DATE:${edition.startDate!.replaceAll("-", "")}`);
  });
});
