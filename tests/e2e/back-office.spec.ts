import { readFile } from "node:fs/promises";

import type { Page } from "@playwright/test";
import { addMonths, format, parseISO } from "date-fns";

import { formatDateRange } from "~/lib/format";

import type { Person } from "../support/people";
import { uniqueEmail } from "./accounts";
import { type Fixtures } from "./data";
import { expect, expectTapTarget, hydrated, OFFLINE_CONSOLE_ERRORS, signInAs, test } from "./fixtures";
import { extractLinks, latestEmailTo } from "./mailbox";

const longDate = (isoDate: string) => format(parseISO(isoDate), "d MMMM yyyy");
/** An edition's delete button, by its name and its edition: tests in parallel can give two Sinus Grafting dates the same day. */
const deleteButton = (page: Page, edition: { id: string; startDate: string | null }) =>
  page.getByRole("button", { name: `Delete Sinus Grafting ${formatDateRange(edition.startDate!)}` }).and(page.locator(`[value="${edition.id}"]`));

async function signedInAdmin(page: Page, data: Fixtures, baseURL: string): Promise<Person> {
  const admin = await data.person({ admin: true, firstName: "Staff" });
  await signInAs(page.context(), admin, baseURL);
  return admin;
}

/** Opens a page and lets its scripts run: a click while it hydrates can be lost (seen in CI). */
async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
}

async function auditEntry(page: Page, summary: string) {
  await page.goto("/admin/audit-log");
  const entry = page.getByTestId("audit-entry").filter({ hasText: summary });
  await expect(entry).toHaveCount(1);
  return entry;
}

test.describe("the back office", () => {
  test("schedules a date from a template: on the calendar, the programme page and /booking, announced by email, and in the audit log", async ({
    page,
    data,
    demoCatalogue,
    baseURL,
    allowConsoleErrors,
  }) => {
    const admin = await signedInAdmin(page, data, baseURL!);
    // Someone who asked to hear about new dates of this course.
    const listener = `listener-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    const registered = await page.request.post("/api/register-interest", {
      data: { name: "Lena Listener", email: listener, interestedCourses: ["Sinus Grafting"] },
      headers: { Origin: new URL(baseURL!).origin },
    });
    expect(registered.status()).toBe(200);
    // They hear about new dates once they confirm, from the emailed link.
    const ask = await latestEmailTo(page.request, listener, { template: "interest-confirmation" });
    const confirm = new URL(extractLinks(ask.text).find((link) => link.includes("/interest/confirm"))!);
    await page.goto(confirm.pathname + confirm.search);
    await page.getByRole("button", { name: "Confirm my interest" }).click();
    await expect(page.getByRole("heading", { name: "Interest confirmed" })).toBeVisible();

    // After the demo catalogue's Sinus Grafting dates: an earlier one would be the grafting page's "Next course" in the test of it.
    const startDate = demoCatalogue.startDateIn("sinus-grafting", 6);
    data.scheduledByTest({ offeringKey: "sinus-grafting", startDate });
    await openHydrated(page, "/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    const form = page.getByRole("region", { name: "Schedule a New Course" });
    // Nothing chosen: the form says what it needs and sends nothing.
    await form.getByRole("button", { name: "Schedule course" }).click();
    await expect(form.getByRole("alert")).toHaveText("Please select a course and a start date.");
    for (const label of ["Course", "Start date"]) {
      await expect(form.getByLabel(label)).toHaveAttribute("aria-invalid", "true");
      await expect(form.getByLabel(label)).toHaveAccessibleDescription("Please select a course and a start date.");
    }
    // Only the field still missing is marked.
    await form.getByLabel("Course").selectOption({ label: "Sinus Grafting" });
    await form.getByRole("button", { name: "Schedule course" }).click();
    await expect(form.getByLabel("Start date")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Course")).not.toHaveAttribute("aria-invalid");
    await expect(form.getByLabel("Course")).toHaveAccessibleDescription("");
    await form.getByLabel("Start date").fill(startDate);
    await form.getByRole("button", { name: "Schedule course" }).click();
    await expect(page.getByText("Successfully scheduled new course!")).toBeVisible();
    // A double-click's second press, on the form the answer has just emptied, is not a second (empty) try: nothing is said.
    await form.getByRole("button", { name: "Schedule course" }).click();
    await page.waitForTimeout(300);
    await expect(form.getByRole("alert")).toHaveCount(0);
    await expect(form.getByLabel("Course")).not.toHaveAttribute("aria-invalid");
    const upcoming = page.getByRole("list", { name: "Upcoming courses" });
    const row = upcoming.getByRole("listitem").filter({ has: page.getByRole("button", { name: `Delete Sinus Grafting ${formatDateRange(startDate)}` }) });
    await expect(row).toHaveCount(1);
    // The same day again: the server's refusal stays beside the form once its toast has gone, on the start date it is about.
    allowConsoleErrors(/status of 4\d\d/);
    await form.getByLabel("Course").selectOption({ label: "Sinus Grafting" });
    await form.getByLabel("Start date").fill(startDate);
    await form.getByRole("button", { name: "Schedule course" }).click();
    const already = "That course is already scheduled to start on that date.";
    await expect(form.getByText(already)).toBeVisible();
    await expect(form.getByLabel("Start date")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Start date")).toHaveAccessibleDescription(new RegExp(already.replaceAll(".", "\\.")));
    await expect(form.getByLabel("Course")).not.toHaveAttribute("aria-invalid");
    await expect(row).toHaveCount(1);

    // On the calendar, in its month.
    await openHydrated(page, "/upcoming-events");
    // A step at a time: presses made before the calendar's code arrives are held, and only the latest is answered.
    for (let month = 1; month <= 6; month++) {
      await page.locator(".rbc-toolbar").getByRole("button", { name: "Next", exact: true }).click();
      await expect(page.locator(".rbc-toolbar-label")).toHaveText(format(addMonths(new Date(), month), "MMMM yyyy"));
    }
    await expect(page.locator(".rbc-toolbar-label")).toHaveText(format(parseISO(startDate), "MMMM yyyy"));
    await expect(page.getByTitle(new RegExp(`^Sinus Grafting, ${formatDateRange(startDate).split(",")[0]}`)).first()).toBeVisible();

    // For sale on the programme page and on /booking.
    for (const path of ["/courses/grafting", "/booking"]) {
      await page.goto(path);
      // The programme page names only the dates; /booking names the course too. The year counts: other tests schedule the same day in other years.
      await expect(page.getByRole("button", { name: new RegExp(`^Book Now: (Sinus Grafting, )?${formatDateRange(startDate)}$`) })).toBeVisible();
    }

    // This date's: a test scheduling another Sinus Grafting date meanwhile announces it to this listener too.
    const announcement = await latestEmailTo(page.request, listener, {
      template: "new-date-announcement",
      containing: `for ${formatDateRange(startDate).split(",")[0]}`,
    });
    expect(announcement.text).toContain("Sinus Grafting");
    expect(announcement.text).toContain(`We have scheduled Sinus Grafting for ${formatDateRange(startDate).split(",")[0]}`);
    expect(announcement.headers["List-Unsubscribe"] ?? announcement.headers["list-unsubscribe"]).toMatch(/^<http/);

    const entry = await auditEntry(page, `Scheduled Sinus Grafting on ${longDate(startDate)}`);
    await expect(entry).toContainText(admin.email);

    // Tidy up: the new date is deleted through the dashboard, which the next test covers.
    await openHydrated(page, "/admin");
    await page.getByRole("button", { name: `Delete Sinus Grafting ${formatDateRange(startDate)}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Successfully deleted course: Sinus Grafting")).toBeVisible();
  });

  test("refuses to delete a booked date and offers to deactivate it, then offers no delete; deletes an unbooked one after the confirmation", async ({
    page,
    data,
    baseURL,
    allowConsoleErrors,
  }) => {
    // The refusal is a 409, which the browser reports.
    allowConsoleErrors(/status of 409/);
    await signedInAdmin(page, data, baseURL!);
    const booked = await data.edition({ offeringKey: "sinus-grafting", startDate: await data.farDay({}), capacity: 4 });
    await data.purchase({ courseId: booked.id, status: "paid", customerEmail: `booked-${Date.now()}@example.com` });
    const unbooked = await data.edition({ offeringKey: "sinus-grafting", startDate: await data.farDay({}), capacity: 4 });

    await openHydrated(page, "/admin");
    const dialog = page.getByRole("alertdialog");
    await deleteButton(page, booked).click();
    await expect(dialog.getByText("Are you absolutely sure?")).toBeVisible();
    await expect(dialog).toContainText("This action cannot be undone.");
    // Cancel keeps it.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    await deleteButton(page, booked).click();
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Failed to delete course.")).toBeVisible();
    const bookedOffer = page.getByRole("alert").filter({ hasText: "Sinus Grafting has bookings, so it cannot be deleted." });
    await expect(bookedOffer).toBeVisible();
    await expect(deleteButton(page, booked)).toBeVisible();
    // Deactivated, it can never be deleted: its row offers no delete and says why.
    await bookedOffer.getByRole("button", { name: "Deactivate" }).click();
    await expect(page.getByText(/^Deactivated Sinus Grafting: it is off sale and off the schedule/)).toBeVisible();
    await expect(deleteButton(page, booked)).toBeHidden();
    const keptRow = page
      .getByRole("list", { name: "Upcoming courses" })
      .getByRole("listitem")
      .filter({ hasText: formatDateRange(booked.startDate!, booked.endDate) })
      .filter({ hasText: "Deactivated" });
    await expect(keptRow.first()).toContainText("Kept because it has bookings: it cannot be deleted.");

    // Its page puts it back on sale as it was; the course page sells it again.
    await keptRow
      .first()
      .getByRole("link", { name: /^Put back on sale from its page/ })
      .click();
    await expect(page).toHaveURL(`/admin/editions/${booked.id}`);
    await hydrated(page);
    await expect(page.getByText("Not on sale: taken off sale by staff.")).toBeVisible();
    await page.getByRole("button", { name: "Put back on sale" }).click();
    await expect(page.getByText("Back on sale: the date is on the schedule and its course page again.")).toBeVisible();
    await expect(page.getByText("On sale again: this date is on the schedule and its course page.")).toBeFocused();
    await expect(page.getByText("Not on sale: taken off sale by staff.")).toBeHidden();
    await page.goto("/courses/sinus-grafting");
    await expect(page.getByRole("button", { name: `Book Now: ${formatDateRange(booked.startDate!, booked.endDate)}` })).toBeVisible();
    await openHydrated(page, "/admin");

    await deleteButton(page, unbooked).click();
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Successfully deleted course: Sinus Grafting")).toBeVisible();
    await expect(deleteButton(page, unbooked)).toBeHidden();

    await auditEntry(page, `Deleted Sinus Grafting on ${longDate(unbooked.startDate!)}`);

    // Nobody has booked this one, but a checkout is open on it: the offer says so, and deactivating ends that checkout.
    const paying = await data.edition({ offeringKey: "sinus-grafting", startDate: await data.farDay({}), capacity: 4 });
    const started = await page.request.post("/api/v2/create-checkout-session", {
      data: { courseId: paying.id },
      headers: { Origin: new URL(baseURL!).origin },
    });
    expect(started.status()).toBe(200);
    await openHydrated(page, "/admin");
    await deleteButton(page, paying).click();
    await dialog.getByRole("button", { name: "Continue" }).click();
    const offer = page.getByRole("alert").filter({ hasText: "has a checkout in progress, so it cannot be deleted." });
    await expect(offer).toContainText("Deactivate it instead: it leaves sale and the schedule, and the checkout is ended.");
    await offer.getByRole("button", { name: "Deactivate" }).click();
    await expect(page.getByText(/^Deactivated Sinus Grafting: it is off sale and off the schedule/)).toBeVisible();
  });

  test("says 'Scheduling new course...' and 'Deleting course...' while it works, and fails in spec 8's words when the request is lost", async ({
    page,
    data,
    baseURL,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/Failed to load resource|ERR_FAILED|ERR_INTERNET_DISCONNECTED/);
    await signedInAdmin(page, data, baseURL!);
    const edition = await data.edition({ offeringKey: "sinus-grafting", startDate: await data.farDay({}), capacity: 4 });
    await openHydrated(page, "/admin");
    // Each post is held until released, then lost.
    let release!: () => void;
    const hold = () => new Promise<void>((resolve) => (release = resolve));
    let held = hold();
    await page.route(/\/admin\.data(\?|$)/, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await held;
      await route.abort("internetdisconnected");
    });

    const form = page.getByRole("region", { name: "Schedule a New Course" });
    await form.getByLabel("Course").selectOption({ label: "Sinus Grafting" });
    await form.getByLabel("Start date").fill(await data.farDay({}));
    await form.getByRole("button", { name: "Schedule course" }).click();
    await expect(page.getByText("Scheduling new course...")).toBeVisible();
    release();
    await expect(page.getByRole("listitem").filter({ hasText: "Failed to schedule course." })).toBeVisible();
    await expect(form.getByText("Failed to schedule course.")).toBeVisible();
    await expect(form.getByLabel("Course")).toHaveValue(/.+/);

    held = hold();
    await deleteButton(page, edition).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Deleting course...")).toBeVisible();
    release();
    await expect(page.getByText("Failed to delete course.")).toBeVisible();
    await expect(deleteButton(page, edition)).toBeVisible();
    await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
  });

  test("fails in spec 8's words when the connection was lost before the first action of the visit", async ({ page, data, baseURL, allowConsoleErrors }) => {
    allowConsoleErrors(OFFLINE_CONSOLE_ERRORS);
    await signedInAdmin(page, data, baseURL!);
    await openHydrated(page, "/admin");
    await page.context().setOffline(true);
    const form = page.getByRole("region", { name: "Schedule a New Course" });
    await form.getByLabel("Course").selectOption({ label: "Sinus Grafting" });
    await form.getByLabel("Start date").fill(await data.farDay({}));
    await form.getByRole("button", { name: "Schedule course" }).click();
    await expect(page.getByRole("listitem").filter({ hasText: "Failed to schedule course." })).toBeVisible();
    await expect(form.getByLabel("Course")).toHaveValue(/.+/);
    await expect(page.getByText(/Application Error/)).toHaveCount(0);
  });

  test("edits a date's capacity and exports its attendees as CSV", async ({ page, data, baseURL, allowConsoleErrors }) => {
    // Too few places is a 409, which the browser reports.
    allowConsoleErrors(/status of 409/);
    await signedInAdmin(page, data, baseURL!);
    const edition = await data.edition({ offeringKey: "sinus-grafting", startDate: await data.farDay({}), capacity: 6 });
    const attendee = await data.person({ firstName: "Ama", lastName: "Attendee" });
    await data.purchase({ courseId: edition.id, status: "paid", userId: attendee.id, customerEmail: attendee.email });
    await data.purchase({ courseId: edition.id, status: "paid", customerEmail: `guest-${Date.now()}@example.com` });

    await openHydrated(page, "/admin/editions");
    const editionLink = page.getByRole("link", { name: "Sinus Grafting" }).and(page.locator(`[href="/admin/editions/${edition.id}"]`));
    // The list says, under its headings, how many places are booked and left.
    await expect(page.getByRole("columnheader")).toHaveText(["Edition", "Dates", "Location", "Price", "Capacity", "Paid", "Holds", "Places left"]);
    await expect(page.getByRole("row").filter({ has: editionLink }).getByRole("cell")).toHaveText([
      "Sinus Grafting",
      formatDateRange(edition.startDate!, edition.endDate),
      "London, United Kingdom",
      "£1,500",
      "6",
      "2",
      "0",
      "4",
    ]);
    await editionLink.click();
    await expect(page.getByRole("heading", { level: 1, name: "Sinus Grafting" })).toBeVisible();
    await expect(page.getByTestId("places-left")).toHaveText("4");
    await expect(page.getByTestId("booking-row").filter({ hasText: attendee.email })).toContainText("Ama Attendee");

    // Never below the paid bookings.
    await page.getByRole("spinbutton", { name: "Capacity" }).fill("1");
    await page.getByRole("button", { name: "Save capacity" }).click();
    await expect(page.getByText("Capacity cannot be lower than the 2 places already taken (paid bookings and live holds).").first()).toBeVisible();
    await page.getByRole("spinbutton", { name: "Capacity" }).fill("9");
    await page.getByRole("button", { name: "Save capacity" }).click();
    await expect(page.getByText("Capacity set to 9.")).toBeVisible();
    await expect(page.getByTestId("places-left")).toHaveText("7");

    const link = page.getByRole("link", { name: "Download attendees (CSV)" });
    const file = new URL((await link.getAttribute("href"))!, baseURL).href;
    const answer = await page.request.get(file);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    // The browser's own download, as the link asks for it.
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").split("\r\n");
    expect(lines[0]).toBe("Name,Booked as,Email,Mobile,Status,Amount paid (£),Discount,Purchase date");
    expect(lines.find((line) => line.includes(attendee.email))).toMatch(/^Ama Attendee,Account,/);

    await auditEntry(page, `Set the capacity of Sinus Grafting (${edition.startDate}) to 9`);
  });

  test("a link to an attendees file on another site leads the admin to the edition's page, with no file", async ({ page, data, baseURL }) => {
    await signedInAdmin(page, data, baseURL!);
    const edition = await data.edition({ offeringKey: "sinus-grafting", startDate: await data.farDay({}), capacity: 4 });
    const file = new URL(`/admin/editions/${edition.id}/attendees.csv`, baseURL).href;
    await page.route("http://elsewhere.test/", (route) => route.fulfill({ contentType: "text/html", body: `<a href="${file}">Open</a>` }));
    await page.goto("http://elsewhere.test/");
    const downloads: string[] = [];
    page.on("download", (download) => downloads.push(download.suggestedFilename()));
    await page.getByRole("link", { name: "Open" }).click();
    await expect(page).toHaveURL(new URL(`/admin/editions/${edition.id}`, baseURL).href);
    await expect(page.getByRole("heading", { level: 1, name: "Sinus Grafting" })).toBeVisible();
    expect(downloads).toEqual([]);
  });

  test("an offering refused by the server says why as the field's alert, and keeps focus where it was; nothing is saved", async ({
    page,
    data,
    baseURL,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 400/);
    await signedInAdmin(page, data, baseURL!);
    await openHydrated(page, "/admin/offerings");
    const offering = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Sinus Grafting", exact: true }) });
    const price = offering.getByRole("textbox", { name: "Price (£)" });
    const saved = await price.inputValue();
    await price.fill("0");
    await price.press("Enter");
    const alert = offering.getByRole("alert");
    await expect(alert).toHaveText("A course's price must be more than £0.");
    await expect(price).toHaveAccessibleDescription("A course's price must be more than £0.");
    await expect(price).toBeFocused();
    await page.reload();
    await expect(
      page
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: "Sinus Grafting", exact: true }) })
        .getByRole("textbox", { name: "Price (£)" }),
    ).toHaveValue(saved);
  });

  test("an edition's page: its links and the toast's close button are big enough to tap", async ({ page, data, baseURL }) => {
    await signedInAdmin(page, data, baseURL!);
    const edition = await data.edition({ offeringKey: "sinus-grafting", startDate: await data.farDay({}), capacity: 6 });
    await openHydrated(page, `/admin/editions/${edition.id}`);
    await expectTapTarget(page.getByRole("link", { name: "← All editions" }));
    await expectTapTarget(page.getByRole("link", { name: "Download attendees (CSV)" }));
    await page.getByRole("spinbutton", { name: "Capacity" }).fill("7");
    await page.getByRole("button", { name: "Save capacity" }).click();
    await expect(page.getByText("Capacity set to 7.")).toBeVisible();
    await expectTapTarget(page.getByRole("button", { name: "Close toast" }));
  });

  test("on every back-office page the menu and the title line up with the header, and the title looks the same, at 1440 and 1280 px", async ({
    page,
    data,
    baseURL,
  }) => {
    await signedInAdmin(page, data, baseURL!);
    const edition = await data.edition({ offeringKey: "sinus-grafting", startDate: await data.farDay({}) });
    const pages = [
      "/admin",
      "/admin/editions",
      `/admin/editions/${edition.id}`,
      "/admin/offerings",
      "/admin/inbox",
      "/admin/interest",
      "/admin/subscribers",
      "/admin/outbox",
      "/admin/audit-log",
    ];
    const titleLooks = new Set<string>();
    // At 1440 px every page (the header's width is capped there); at 1280 px, a page of each kind.
    for (const [width, paths] of [
      [1440, pages],
      [1280, pages.slice(2, 5)],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of paths) {
        await page.goto(path);
        const left = async (locator: ReturnType<Page["locator"]>) => Math.round((await locator.boundingBox())!.x);
        const logo = await left(page.getByRole("link", { name: "Global Implant Institute, home" }));
        const title = page.getByRole("heading", { level: 1 });
        expect(await left(page.getByRole("navigation", { name: "Admin" }).getByRole("link").first()), `${path} at ${width} px`).toBe(logo);
        expect(await left(title), `${path} at ${width} px`).toBe(logo);
        titleLooks.add(
          await title.evaluate((heading) => ["color", "font-size", "font-family"].map((name) => getComputedStyle(heading).getPropertyValue(name)).join()),
        );
      }
    }
    expect([...titleLooks]).toHaveLength(1);
  });

  test("on a phone, a table wider than the screen shows a shadow at the edge it scrolls towards", async ({ page, data, baseURL }) => {
    await signedInAdmin(page, data, baseURL!);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin/editions");
    const table = page.getByRole("region", { name: "Editions" });
    await expect.poll(() => table.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    // How dark a strip 6 px wide inside each edge is, in the first row's top padding (above its text), from a screenshot.
    const decoder = await page.context().newPage();
    const edges = async () => {
      const box = (await table.boundingBox())!;
      const row = (await table.getByRole("row").nth(1).boundingBox())!;
      const strip = async (x: number) => {
        const png = (await page.screenshot({ clip: { x, y: row.y + 3, width: 6, height: 6 } })).toString("base64");
        return decoder.evaluate(async (source) => {
          const image = new Image();
          image.src = `data:image/png;base64,${source}`;
          await image.decode();
          const canvas = Object.assign(document.createElement("canvas"), { width: image.width, height: image.height });
          const context = canvas.getContext("2d")!;
          context.drawImage(image, 0, 0);
          const pixels = context.getImageData(0, 0, image.width, image.height).data;
          let darkness = 0;
          for (let index = 0; index < pixels.length; index += 4) darkness += 255 - (pixels[index] + pixels[index + 1] + pixels[index + 2]) / 3;
          return darkness / (pixels.length / 4);
        }, png);
      };
      return { left: await strip(box.x + 2), right: await strip(box.x + box.width - 8) };
    };
    // At the start: a shadow on the right, where the rest of the table is, and none on the left.
    const start = await edges();
    expect(start.right).toBeGreaterThan(start.left + 10);
    await table.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
    const end = await edges();
    expect(end.left).toBeGreaterThan(end.right + 10);
    await decoder.close();
  });

  test("the editions list gives its titles and places room on a phone, and no title a line more than its words", async ({ page, data, baseURL }) => {
    await signedInAdmin(page, data, baseURL!);
    const table = page.getByRole("region", { name: "Editions" });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto("/admin/editions");
      // The seeded Level 2's Dubai address is the longest place, its title among the longest.
      await expect(table.getByRole("cell", { name: /^Dubai Healthcare City, Building 27/ }).first()).toBeVisible();
      const rows = await table.locator("tbody tr").evaluateAll((rows) =>
        rows.map((row) => {
          const cells = [...row.children] as HTMLElement[];
          // The height of a cell's words: its first element's (the title's link without its padding), or its own text's.
          const textHeight = (cell: HTMLElement) => {
            const range = document.createRange();
            range.selectNodeContents(cell.firstElementChild ?? cell);
            return range.getBoundingClientRect().height;
          };
          const lineHeight = parseFloat(getComputedStyle(cells[0]).lineHeight);
          const padding = parseFloat(getComputedStyle(cells[0]).paddingTop) + parseFloat(getComputedStyle(cells[0]).paddingBottom);
          return {
            title: cells[0].textContent,
            badged: cells[0].querySelector("span") !== null,
            titleLines: Math.round(textHeight(cells[0]) / lineHeight),
            placeLines: Math.round(textHeight(cells[2]) / lineHeight),
            // How many lines taller the row is than its tallest words (a line's text is a little less than its line).
            spareLines: (row.getBoundingClientRect().height - padding - Math.max(...cells.map(textHeight))) / lineHeight,
          };
        }),
      );
      // Squeezed into the screen's width, a title or place took a line for every word or two.
      expect(rows.filter(({ titleLines, placeLines }) => titleLines > 3 || placeLines > 3)).toEqual([]);
      // A row without a Past or Inactive badge is as tall as its words: an empty badge box once took a line after a long title.
      expect(rows.filter(({ badged, spareLines }) => !badged && spareLines > 0.5)).toEqual([]);
    }
  });

  test("cancels a paid booking with its refund: the row and places change, the dentist is told, and focus waits on the bookings' heading", async ({
    page,
    data,
    baseURL,
    allowConsoleErrors,
  }) => {
    const edition = await data.edition({ offeringKey: "sinus-grafting", startDate: await data.farDay({}), capacity: 2 });
    const guest = `refunded-${Date.now()}@example.com`;
    // Paid at the built-in checkout, so the booking has a payment to refund.
    const started = await page.request.post("/api/v2/create-checkout-session", {
      data: { priceId: edition.stripePriceId, courseId: edition.id, userId: null },
      headers: { Origin: baseURL! },
    });
    await page.goto(((await started.json()) as { url: string }).url);
    await hydrated(page);
    await page.getByLabel("Email").fill(guest);
    await page.getByLabel("Full name").fill("Dr Walk In");
    await page.getByRole("button", { name: "Pay £1,500 by card" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Booking Confirmed!" })).toBeVisible();
    const successPage = page.url();

    await signedInAdmin(page, data, baseURL!);
    await openHydrated(page, `/admin/editions/${edition.id}`);
    await expect(page.getByTestId("places-left")).toHaveText("1");
    const row = page.getByTestId("booking-row").filter({ hasText: guest });
    // The guest's name as they gave it at the checkout: staff know who booked.
    await expect(row.getByRole("cell").first()).toHaveText("Dr Walk In Guest, no account yet");
    await row.getByRole("button", { name: "Cancel booking" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel this booking?" });
    const refund = dialog.getByRole("textbox", { name: "Refund (£)" });
    await expect(refund).toHaveValue("1500.00");
    // More than was paid: refused, and said at once beside the amount, as the capacity form's refusal is.
    allowConsoleErrors(/status of 400/);
    await refund.fill("2000");
    await dialog.getByRole("button", { name: "Cancel and refund" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("The refund must be more than £0 and at most £1,500.");
    await expect(refund).toHaveAttribute("aria-invalid", "true");
    await refund.fill("1500.00");
    await dialog.getByRole("button", { name: "Cancel and refund" }).click();

    await expect(page.getByText(`Booking cancelled: £1,500 refunded to ${guest}.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("£1,500 refunded of £1,500");
    await expect(row.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
    await expect(page.getByTestId("places-left")).toHaveText("2");
    // Its button went with the booking: focus is not lost on the page's body.
    await expect(page.getByRole("heading", { level: 2, name: "Bookings" })).toBeFocused();
    const mail = await latestEmailTo(page.request, guest, { template: "booking-cancelled" });
    expect(mail.text).toContain("£1,500");

    // The dentist's success page now says what became of the booking.
    await page.goto(successPage);
    await expect(page.getByRole("heading", { level: 1, name: "Booking Cancelled" })).toBeVisible();
    await expect(page).toHaveTitle(/^Booking Cancelled \|/);
    await expect(page.getByText("Booking Confirmed!")).toHaveCount(0);
  });

  test("wraps a long unbroken name in the interest and subscriber lists, so their tables do not widen, on a phone or a desktop", async ({
    page,
    data,
    baseURL,
  }) => {
    // The longest name the forms take (80 characters), with no space to break at.
    const name = `Wolfeschlegelsteinhausenbergerdorff${Date.now()}`.replace(/\d/g, (digit) => "abcdefghij"[Number(digit)]).padEnd(80, "x");
    const origin = { Origin: new URL(baseURL!).origin };
    const registered = await page.request.post("/api/register-interest", {
      data: { name, email: uniqueEmail("long.name"), interestedCourses: ["Sinus Grafting"] },
      headers: origin,
    });
    expect(registered.status()).toBe(200);
    const subscriber = uniqueEmail("long.name.news");
    expect((await page.request.post("/api/v2/v2-subscribe-newsletter", { data: { name, email: subscriber }, headers: origin })).status()).toBe(200);
    const confirm = extractLinks((await latestEmailTo(page.request, subscriber, { template: "newsletter-confirmation" })).text).find((link) =>
      link.includes("/newsletter/confirm"),
    )!;
    await page.goto(new URL(confirm).pathname + new URL(confirm).search);
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByRole("heading", { name: "Subscription confirmed" })).toBeVisible();

    await signedInAdmin(page, data, baseURL!);
    for (const path of ["/admin/interest", "/admin/subscribers"]) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        const table = page.locator("table").filter({ has: page.getByRole("cell", { name, exact: true }) });
        await expect(table).toBeVisible();
        // A table scrolls in its box only below its own minimum width; the name must not stretch it past its box or that minimum.
        const { tableWidth, allowed } = await table.evaluate((element) => ({
          tableWidth: element.getBoundingClientRect().width,
          allowed: Math.max(element.parentElement!.clientWidth, parseFloat(getComputedStyle(element).minWidth)),
        }));
        expect(tableWidth, `${path} at ${width} px`).toBeLessThanOrEqual(allowed);
      }
    }
  });

  test("reads a message sent from /contact in the inbox and marks it read", async ({ page, data, baseURL }) => {
    const subject = `Group booking ${Date.now()}`;
    await openHydrated(page, "/contact");
    const message = page.getByRole("region", { name: "Send Us a Message" });
    await message.getByRole("textbox", { name: "Full Name", exact: true }).fill("Dr Omar Haddad");
    await message.getByRole("textbox", { name: "Email Address", exact: true }).fill("omar@example.com");
    await message.getByRole("textbox", { name: "Subject", exact: true }).fill(subject);
    // A long unbroken link in it must wrap in the inbox, not widen the page.
    const link = `https://example.com/${"dates".repeat(300)}`;
    await message.getByRole("textbox", { name: "Message", exact: true }).fill(`Four of us would like the March dates. ${link}`);
    await message.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(/sent successfully/).first()).toBeVisible();

    await signedInAdmin(page, data, baseURL!);
    await openHydrated(page, "/admin/inbox");
    const item = page.getByTestId("inbox-message").filter({ hasText: subject });
    await expect(item).toContainText("Dr Omar Haddad");
    await expect(item).toContainText("Four of us would like the March dates.");
    await expect(item).toContainText(link);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await expect(item).toHaveAttribute("data-read", "false");
    await item.getByRole("button", { name: `Mark as read: ${subject}` }).click();
    await expect(item).toHaveAttribute("data-read", "true");
    await auditEntry(page, `Marked "${subject}" from omar@example.com as read`);
  });
});
