import type { Locator, Page } from "@playwright/test";

import { formatDateRange } from "~/lib/format";

import { expect, hydrated, scriptsOf, signInAs, test } from "./fixtures";

const SITE = "Global Implant Institute";
const EDITION_ID = /^[0-9a-f-]{36}$/;

/** The edition a Book Now button starts the checkout of: the course id its form posts. */
const editionOf = (button: Locator) => button.locator("xpath=ancestor::form[1]").locator('input[name="courseId"]').inputValue();

/** The browser modules the page has asked for so far. */
const card = (page: Page, name: string) => page.getByRole("main").getByRole("article", { name, exact: true });

test.describe("/courses", () => {
  test("shows the hero, the facilities tour, both catalogue cards, the fees and the register-interest form", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/courses");
    await expect(page).toHaveTitle(`Courses | ${SITE}`);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Our Courses" })).toBeVisible();
    await expect(main.getByText(/Course fees start at £1,500/)).toBeVisible();
    await expect(main.getByRole("button", { name: "Play video: A tour of our Dubai training facility" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Full Arch Rehabilitation" })).toHaveAttribute("href", "/courses/full-arch");
    await expect(main.getByRole("link", { name: "Grafting Techniques" })).toHaveAttribute("href", "/courses/grafting");

    const interest = page.locator("#register-interest");
    await expect(interest.getByRole("heading", { name: "Register Your Interest" })).toBeVisible();
    await expect(interest.getByRole("form", { name: "Register your interest" })).toBeVisible();
  });

  test("a catalogue card leads to its programme page, whose cards' copy the browser renders", async ({ page }) => {
    const scripts = scriptsOf(page);
    await page.goto("/courses");
    await hydrated(page);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole("main").getByRole("link", { name: "Grafting Techniques" }).click();
    await expect(page).toHaveURL(/\/courses\/grafting$/);
    await expect(page.getByRole("heading", { level: 1, name: "Grafting Techniques" })).toBeVisible();
    const sinus = card(page, "Sinus Grafting");
    await expect(sinus.getByRole("heading", { name: "Learning objectives" })).toBeVisible();
    await expect(sinus.getByRole("list", { name: "Format" })).toBeVisible();
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    expect(scripts.filter((script) => script.includes("/programme-copy-"))).toHaveLength(1);
  });
});

test.describe("/courses/full-arch", () => {
  test("a first visit shows the cards' copy from the server's HTML without loading its code", async ({ page }) => {
    const scripts = scriptsOf(page);
    await page.goto("/courses/full-arch");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    const level2 = card(page, "Level 2 Full Arch Live Surgery");
    await expect(level2.getByRole("heading", { name: "What's included" })).toBeVisible();
    await expect(level2.getByRole("list", { name: "Format" }).getByRole("listitem").first()).toBeVisible();
    expect(scripts.filter((script) => script.includes("/programme-copy-"))).toEqual([]);
  });

  test("has its title, the four course cards with descriptions, inclusions and objectives, and Course JSON-LD", async ({ page }) => {
    await page.goto("/courses/full-arch");
    await expect(page).toHaveTitle(`Full Arch Implant Program | ${SITE}`);
    await expect(page.getByRole("heading", { level: 1, name: "Full Arch Implant Program" })).toBeVisible();
    const names = ["Level 1 Foundations in Full Arch", "Level 2 Full Arch Live Surgery", "Level 3 Zygomatic and Advanced Full Arch", "Full Arch Complications"];
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(4);
    for (const name of names) {
      const course = card(page, name);
      await expect(course.getByRole("heading", { name: "What's included" })).toBeVisible();
      await expect(course.getByRole("heading", { name: "Learning objectives" })).toBeVisible();
      // Klarna's instalments where the checkout offers Klarna (up to £4,000); how a dearer course is paid otherwise.
      await expect(course.getByText(/^(or 4 interest-free instalments of £[\d,.]+ with Klarna|Pay by card, Apple Pay or Google Pay)$/)).toBeVisible();
    }
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const courses = jsonLd.map((text) => JSON.parse(text)).filter((data) => data["@type"] === "Course");
    expect(courses.map((course) => course.name)).toEqual(names);
  });

  test(
    "shows each price from the database with its instalment note (Klarna only up to its £4,000 limit, as at checkout), Level 1 as opening soon and a Book Now per edition",
    { tag: "@phone" },
    async ({ page, demoCatalogue }) => {
      await page.goto("/courses/full-arch");

      const level1 = card(page, "Level 1 Foundations in Full Arch");
      await expect(level1.getByText("£1,500", { exact: true })).toBeVisible();
      await expect(level1.getByText("or 4 interest-free instalments of £375 with Klarna")).toBeVisible();
      await expect(level1.getByText("Opening Soon")).toBeVisible();
      await expect(level1.getByText("Details Coming Soon")).toBeVisible();
      await expect(level1.getByRole("button", { name: /Book Now/ })).toHaveCount(0);
      // Not a dead end: the dentist can ask to hear when it opens.
      await expect(level1.getByRole("link", { name: "Register Your Interest" })).toHaveAttribute("href", "/courses#register-interest");

      const level2 = card(page, "Level 2 Full Arch Live Surgery");
      await expect(level2.getByText("£12,000", { exact: true })).toBeVisible();
      await expect(level2.getByText("Pay by card, Apple Pay or Google Pay", { exact: true })).toBeVisible();
      await expect(level2.getByText(/instalments/)).toHaveCount(0);
      for (const fact of ["4-day course", "Dubai", "1-to-1 supervision", "3-night hotel stay"]) {
        await expect(
          level2
            .getByRole("listitem")
            .filter({ hasText: new RegExp(`^${fact}$`) })
            .first(),
        ).toBeVisible();
      }
      const level2Books = level2.getByRole("button", { name: /^Book Now/ });
      await expect(level2Books).toHaveCount(2);
      for (const index of [0, 1]) expect(await editionOf(level2Books.nth(index))).toMatch(EDITION_ID);

      const level3 = card(page, "Level 3 Zygomatic and Advanced Full Arch");
      await expect(level3.getByText("£12,995", { exact: true })).toBeVisible();
      await expect(level3.getByText("Pay by card, Apple Pay or Google Pay", { exact: true })).toBeVisible();
      await expect(level3.getByText(/instalments/)).toHaveCount(0);
      // Two editions under one price id: each button names its own edition. Found by their dates, as other tests
      // running meanwhile schedule Level 3 dates of their own.
      const ids = await Promise.all(
        demoCatalogue
          .editions("level-3")
          .map(({ startDate, endDate }) => editionOf(level3.getByRole("button", { name: `Book Now: ${formatDateRange(startDate, endDate)}`, exact: true }))),
      );
      for (const id of ids) expect(id).toMatch(EDITION_ID);
      expect(new Set(ids).size).toBe(2);

      const complications = card(page, "Full Arch Complications");
      await expect(complications.getByText("£900", { exact: true })).toBeVisible();
      await expect(complications.getByText("50% off for past full arch attendees")).toBeVisible();
      await expect(complications.getByText("or 4 interest-free instalments of £225 with Klarna")).toBeVisible();
      expect(await editionOf(complications.getByRole("button", { name: "Book Now", exact: true }))).toMatch(EDITION_ID);
    },
  );

  test("shows 'Next course' and 'Upcoming' dates from the stored courses, and Level 3's buttons name their dates", async ({ page, demoCatalogue }) => {
    await page.goto("/courses/full-arch");
    for (const [name, key] of [
      ["Level 2 Full Arch Live Surgery", "level-2"],
      ["Level 1 Foundations in Full Arch", "level-1"],
    ] as const) {
      const [next, upcoming] = demoCatalogue.editions(key);
      const course = card(page, name);
      await expect(course.getByText("Loading dates")).toHaveCount(0);
      await expect(course.getByRole("definition").nth(0)).toHaveText(formatDateRange(next.startDate, next.endDate));
      await expect(course.getByRole("term").nth(0)).toHaveText("Next course");
      await expect(course.getByRole("term").nth(1)).toHaveText("Upcoming");
      await expect(course.getByRole("definition").nth(1)).toHaveText(formatDateRange(upcoming.startDate, upcoming.endDate));
    }

    const level3 = card(page, "Level 3 Zygomatic and Advanced Full Arch");
    for (const edition of demoCatalogue.editions("level-3")) {
      const dates = formatDateRange(edition.startDate, edition.endDate);
      await expect(level3.getByRole("button", { name: `Book Now: ${dates}`, exact: true })).toContainText(dates);
    }

    // A single edition has no "Upcoming".
    const [complications] = demoCatalogue.editions("complications");
    const complicationsCard = card(page, "Full Arch Complications");
    await expect(complicationsCard.getByRole("term")).toHaveText(["Next course"]);
    await expect(complicationsCard.getByRole("definition")).toHaveText([formatDateRange(complications.startDate, complications.endDate)]);
  });

  test("sends the page shell with date skeletons first and streams the dates after it", async ({ request, browserName }) => {
    expect(browserName).toBe("chromium");
    // A browser's user agent: crawlers get the whole page at once instead.
    const response = await request.get("/courses/full-arch", {
      headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36" },
    });
    const html = await response.text();
    const skeleton = html.indexOf("Loading dates");
    expect(skeleton).toBeGreaterThan(-1);
    expect(html).toContain('aria-busy="true"');
    expect(html.indexOf("Next course")).toBeGreaterThan(skeleton);
  });

  test("tells signed-out visitors about £100 off, with sign-in and sign-up links", async ({ page }) => {
    await page.goto("/courses/full-arch");
    const banner = page.getByRole("complementary", { name: "Account offer" });
    await expect(banner).toContainText("£100 off your first course");
    await expect(banner.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth?view=sign_in");
    await expect(banner.getByRole("link", { name: "create an account" })).toHaveAttribute("href", "/auth?view=sign_up");
    await banner.getByRole("link", { name: "create an account" }).click();
    await expect(page).toHaveURL(/\/auth\?view=sign_up$/);
  });

  test("shows no sign-in offer to a signed-in visitor", async ({ page, context, data, baseURL }) => {
    await signInAs(context, await data.person({ firstName: "Noor" }), baseURL!);
    await page.goto("/courses/full-arch");
    await expect(card(page, "Level 2 Full Arch Live Surgery")).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Account offer" })).toHaveCount(0);
    await expect(page.getByText("You are not signed in.")).toHaveCount(0);
  });

  test("places the Level 2 recap after the second card, its code loaded as it nears the screen; sliding pauses and rewinds a playing video", async ({
    page,
  }) => {
    const scripts = scriptsOf(page);
    await page.goto("/courses/full-arch");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    const recapCode = /\/assets\/(level-2-recap|carousel|video-player)-/;
    expect(scripts.filter((script) => recapCode.test(script))).toEqual([]);
    const recap = page.getByRole("region", { name: "Level 2 recap videos" });
    const level2 = card(page, "Level 2 Full Arch Live Surgery");
    const level3 = card(page, "Level 3 Zygomatic and Advanced Full Arch");
    const top = async (locator: typeof recap) => (await locator.boundingBox())!.y;
    expect(await top(recap)).toBeGreaterThan(await top(level2));
    expect(await top(recap)).toBeLessThan(await top(level3));
    await expect(recap.getByRole("group")).toHaveCount(4);
    // Spec 2: four looping day videos.
    await expect(recap.locator("video[loop]")).toHaveCount(4);

    await recap.scrollIntoViewIfNeeded();
    await expect.poll(() => scripts.some((script) => script.includes("/assets/level-2-recap-"))).toBe(true);
    await recap.getByRole("button", { name: "Play video: Level 2 recap, Day 1" }).click();
    const day1 = recap.locator("video").first();
    await expect.poll(() => day1.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);

    await recap.getByRole("button", { name: "Next slide" }).click();
    await expect.poll(() => day1.evaluate((video: HTMLVideoElement) => [video.paused, video.currentTime])).toEqual([true, 0]);
    await expect(recap.getByRole("button", { name: "Go to slide 2" })).toHaveAttribute("aria-current", "true");
    await expect(recap.getByRole("button", { name: "Play video: Level 2 recap, Day 2" })).toBeVisible();
  });
});

test.describe("/courses/grafting", () => {
  test("books Sinus Grafting and sends Hard and Soft Tissue Grafting to the register-interest form", async ({ page, demoCatalogue }) => {
    await page.goto("/courses/grafting");
    await expect(page).toHaveTitle(`Grafting Techniques | ${SITE}`);
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(2);

    const sinus = card(page, "Sinus Grafting");
    await expect(sinus.getByText("£1,500", { exact: true })).toBeVisible();
    await expect(sinus.getByText("or 4 interest-free instalments of £375 with Klarna")).toBeVisible();
    // Each seeded edition has its own Book Now and says how many places are left (other tests may add editions of their own).
    for (const edition of demoCatalogue.editions("sinus-grafting")) {
      const button = sinus.getByRole("button", { name: `Book Now: ${formatDateRange(edition.startDate, edition.endDate)}` });
      await expect(button).toBeVisible();
      await expect(button.locator("xpath=ancestor::div[1]").getByText("10 places left")).toBeVisible();
    }
    const [next] = demoCatalogue.editions("sinus-grafting");
    await expect(sinus.getByRole("definition").first()).toHaveText(formatDateRange(next.startDate, next.endDate));

    const tissue = card(page, "Hard and Soft Tissue Grafting");
    await expect(tissue.getByText("£2,000", { exact: true })).toBeVisible();
    await expect(tissue.getByText("or 4 interest-free instalments of £500 with Klarna")).toBeVisible();
    await expect(tissue.getByRole("button", { name: /Book Now/ })).toHaveCount(0);
    await tissue.getByRole("link", { name: "Register Your Interest" }).click();
    await expect(page).toHaveURL(/\/courses#register-interest$/);
    await expect(page.locator("#register-interest").getByRole("form", { name: "Register your interest" })).toBeInViewport();
  });

  test("a date scheduled before the fee changed says its own price under its Book Now, and its checkout charges that price", async ({ page, data }) => {
    const startDate = await data.farDay({});
    const edition = await data.edition({ offeringKey: "sinus-grafting", startDate, capacity: 4, priceAmount: 160_000 });
    await page.goto("/courses/grafting");
    const sinus = card(page, "Sinus Grafting");
    await expect(sinus.getByText("£1,500", { exact: true })).toBeVisible();
    const button = sinus.getByRole("button", { name: `Book Now: ${formatDateRange(edition.startDate!, edition.endDate)}` });
    await expect(button.locator("xpath=ancestor::div[1]")).toContainText("£1,600 for these dates · 4 places left");
    await button.click();
    await expect(page).toHaveURL(/\/dev\/checkout\/cs_local_/);
    await expect(page.getByText("Total due")).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay £1,600 by card" })).toBeVisible();
  });
});

test.describe("programme cards' pictures", () => {
  for (const width of [1024, 1280, 1440]) {
    test(`at ${width} px each card shows its whole picture, no larger than its file`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ["/courses/full-arch", "/courses/grafting"]) {
        await page.goto(path);
        const cards = page.getByRole("main").getByRole("article");
        const pictures = cards.locator("img");
        await expect(pictures).toHaveCount(await cards.count());
        for (const picture of await pictures.all()) {
          await picture.scrollIntoViewIfNeeded();
          await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
          const shown = await picture.evaluate((image: HTMLImageElement) => {
            const box = image.getBoundingClientRect();
            const file = image.srcset.split(", ").find((candidate) => candidate.startsWith(new URL(image.currentSrc).pathname));
            return {
              aspect: box.width / box.height,
              fileAspect: Number(image.getAttribute("width")) / Number(image.getAttribute("height")),
              devicePixels: box.width * devicePixelRatio,
              fileWidth: parseInt(file!.split(" ")[1]),
            };
          });
          // Not cropped to the card's height, and not enlarged beyond the file the browser chose.
          expect(Math.abs(shown.aspect - shown.fileAspect), path).toBeLessThan(0.02);
          expect(shown.devicePixels, path).toBeLessThanOrEqual(shown.fileWidth);
        }
      }
    });
  }
});

test.describe("/courses/:courseId", () => {
  test("shows the course, its objectives, instructors, price and each date with its places left", async ({ page, demoCatalogue }) => {
    await page.goto("/courses/level-2-ultimate-full-arch-live-course");
    await expect(page).toHaveTitle(`Level 2 Full Arch Live Surgery | ${SITE}`);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Level 2 Full Arch Live Surgery" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "What you will learn" })).toBeVisible();
    await expect(main.getByText("Dr. Amelia Hart")).toBeVisible();
    await expect(main.getByText("Dr. Karim Haddad")).toBeVisible();
    await expect(main.getByText("£12,000", { exact: true })).toBeVisible();
    await expect(main.getByText("Pay by card, Apple Pay or Google Pay", { exact: true })).toBeVisible();

    const editions = demoCatalogue.editions("level-2");
    await expect(main.getByText("8 places left")).toHaveCount(editions.length);
    for (const edition of editions) {
      const dates = formatDateRange(edition.startDate, edition.endDate);
      expect(await editionOf(main.getByRole("button", { name: `Book Now: ${dates}` }))).toMatch(EDITION_ID);
    }
  });

  test("shows Level 1 as opening soon, without places or booking, and a way to hear when it opens", async ({ page }) => {
    await page.goto("/courses/level-1-full-arch-implant-course");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Level 1 Foundations in Full Arch" })).toBeVisible();
    await expect(main.getByText("Details Coming Soon")).toBeVisible();
    await expect(main.getByRole("link", { name: /Register your interest/i }).first()).toHaveAttribute("href", "/courses#register-interest");
    await expect(main.getByText(/places left/)).toHaveCount(0);
    await expect(main.getByRole("button", { name: /Book Now/ })).toHaveCount(0);
  });

  test("shows spec 2's course-details placeholder for an unknown course id, answered 404 and kept out of search results", async ({
    page,
    allowConsoleErrors,
  }) => {
    // The browser reports the document's own 404.
    allowConsoleErrors(/status of 404/);
    for (const id of ["no-such-course", "00000000-0000-4000-8000-000000000000"]) {
      const response = await page.goto(`/courses/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Course Details" })).toBeVisible();
      await expect(
        page.getByText("This page will show the course's description, learning objectives, instructors, schedule and pricing, with a Book Now button."),
      ).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: "Browse Courses" })).toHaveAttribute("href", "/courses");
      await expect(page).toHaveTitle("Course Details | Global Implant Institute");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    }
  });
});
