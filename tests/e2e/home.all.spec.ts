import type { Locator, Page } from "@playwright/test";

import { FAQ_ITEMS } from "~/content/faq";
import { FLAGSHIP_COURSE, WHY_CHOOSE } from "~/content/home-story";
import { programmeFor } from "~/content/programmes";
import { TESTIMONIALS } from "~/content/testimonials";

import { expect, holdCode, hydrated, scriptsOf, test } from "./fixtures";

const region = (page: Page, name: string | RegExp) => page.getByRole("region", { name });

test.describe("home page", () => {
  test("hero: looping muted background video and a button to /courses", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/");
    const hero = region(page, "Master Full-Arch Implantology on Live Patients");
    await expect(hero.getByRole("heading", { level: 1 })).toBeVisible();
    const video = hero.locator("video");
    await expect(video).toHaveCount(1);
    expect(await video.evaluate((element: HTMLVideoElement) => ({ muted: element.muted, loop: element.loop }))).toEqual({
      muted: true,
      loop: true,
    });
    await hero.getByRole("link", { name: "Explore Our Courses" }).click();
    await expect(page).toHaveURL(/\/courses$/);
  });

  test("every section in the spec's order, with its key content", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/");
    const headings = await page.getByRole("main").locator("h2").allTextContents();
    const order = [
      "The Case for Full-Arch Rehabilitation",
      "Why Choose the Global Implant Institute",
      "Learn From Expert Clinicians",
      "About the Global Implant Institute",
      "Level 2 - Ultimate Full Arch Live Course",
      "A Track Record Dentists Trust",
      "Be First to Hear About New Dates",
      "Our Training Environment",
      "Hear From Our Alumni",
      "Frequently Asked Questions",
      "Secure Your Spot!",
    ];
    expect(headings.filter((heading) => order.includes(heading))).toEqual(order);

    const fullArch = region(page, "The Case for Full-Arch Rehabilitation");
    await expect(fullArch.getByRole("listitem")).toHaveCount(2);
    await expect(fullArch.getByRole("heading", { level: 3 })).toHaveText(["Life-changing results for your patients", "A high-value service for your practice"]);

    const about = region(page, "About the Global Implant Institute");
    await expect(about).toContainText("Dubai and London");

    const flagship = region(page, "Level 2 - Ultimate Full Arch Live Course");
    await expect(flagship).toContainText("1-to-1 supervision");
    await expect(flagship.getByRole("link", { name: "View Our Courses" })).toHaveAttribute("href", "/courses");
  });

  test("six 'Why choose' cards", async ({ page }) => {
    await page.goto("/");
    const cards = region(page, "Why Choose the Global Implant Institute").getByTestId("why-choose-card");
    await expect(cards).toHaveCount(6);
    await expect(cards.getByRole("heading", { level: 3 })).toHaveText([
      "Live Patient Training",
      "Expert Instructors",
      "Comprehensive Curriculum",
      "State-of-the-Art Dubai Facility",
      "Small Groups",
      "Career Advancement",
    ]);
    await expect(cards.nth(2)).toContainText("Level 1-3");
    expect(WHY_CHOOSE.cards).toHaveLength(6);
  });

  test("the instructors introduction has id 'instructors' and links to /instructors", async ({ page }) => {
    await page.goto("/");
    const section = page.locator("section#instructors");
    await expect(section.getByRole("heading", { level: 2 })).toHaveText("Learn From Expert Clinicians");
    await expect(section.getByRole("heading", { level: 3 })).toHaveCount(2);
    await section.getByRole("link", { name: "Meet Our Instructors" }).click();
    await expect(page).toHaveURL(/\/instructors$/);
  });

  test("stats: 100+ alumni, first three cohorts sold out, 4+ continents", async ({ page }) => {
    await page.goto("/");
    const stats = page.getByTestId("stat");
    await expect(stats).toHaveCount(3);
    await expect(stats.nth(0)).toHaveText(/100\+\s*Alumni|Alumni\s*100\+/);
    await expect(stats.nth(1)).toContainText("Sold Out");
    await expect(stats.nth(1)).toContainText("Our first three cohorts");
    await expect(stats.nth(2)).toContainText("4+");
    await expect(stats.nth(2)).toContainText("Continents");
  });

  test("the newsletter section holds the signup form", async ({ page }) => {
    await page.goto("/");
    const newsletter = region(page, "Be First to Hear About New Dates");
    await expect(newsletter.getByRole("form", { name: "Newsletter signup" })).toBeAttached();
    await expect(newsletter.getByLabel("Email address")).toBeAttached();
    await expect(newsletter.getByRole("button", { name: "Subscribe" })).toBeAttached();
  });

  test("'Secure Your Spot!' closes the page with a button to /courses", async ({ page }) => {
    await page.goto("/");
    const closing = region(page, "Secure Your Spot!");
    await closing.scrollIntoViewIfNeeded();
    await closing.getByRole("link", { name: "Book Your Course" }).click();
    await expect(page).toHaveURL(/\/courses$/);
  });

  test("the server HTML carries the title, description, canonical link and Organization and Course JSON-LD", async ({ request, baseURL }) => {
    const html = await (await request.get("/")).text();
    expect(html).toContain("<title>Advanced Dental Implant Training in Dubai and London | Global Implant Institute</title>");
    expect(html).toMatch(/<meta name="description" content="Live-patient full-arch/);
    expect(html).toMatch(/<meta name="keywords" content="[^"]*full arch implant course/);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/"/>`);
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]));
    const types = blocks.map((block) => block["@type"]);
    expect(types).toEqual(["EducationalOrganization", "Course"]);
    const course = blocks[1];
    expect(course.name).toBe("Level 2 - Ultimate Full Arch Live Course");
    expect(course.provider.name).toBe("Global Implant Institute");
    // The programme's own description, which the loader sends: the catalogue's text is not in the page's scripts.
    expect(course.description).toBe(programmeFor(FLAGSHIP_COURSE.offeringKey)?.description);
    expect(course.offers).toEqual([expect.objectContaining({ price: "12000.00", priceCurrency: "GBP" })]);
    // Server-rendered: the sections and the FAQ answers are in the HTML itself.
    expect(html).toContain("Secure Your Spot!");
    expect(html).toContain("Building 27, Block C, Ground Floor");
  });

  test("every image reserves its space (width and height) and the first one loads eagerly", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/");
    const images = page.getByRole("main").locator("img");
    expect(await images.count()).toBeGreaterThan(5);
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute("width", /^\d+$/);
      await expect(image).toHaveAttribute("height", /^\d+$/);
    }
  });

  test("sections fade in once when scrolled into view", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/");
    const faq = region(page, "Frequently Asked Questions");
    await expect(faq).toHaveAttribute("data-reveal", "hidden");
    await faq.scrollIntoViewIfNeeded();
    await expect(faq).toHaveAttribute("data-reveal", "shown");
    await expect.poll(() => faq.evaluate((element) => getComputedStyle(element).opacity)).toBe("1");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(faq).not.toBeInViewport();
    await page.waitForTimeout(300);
    await expect(faq).toHaveAttribute("data-reveal", "shown");
  });
});

test.describe("the home page's parts without scripts", () => {
  /** The browser modules the page has asked for so far. */
  test("a first visit shows them from the server's HTML without loading their code, and they fade in", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    const scripts = scriptsOf(page);
    await page.goto("/");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Master Full-Arch Implantology on Live Patients");
    const stats = region(page, "A Track Record Dentists Trust");
    await expect(stats).toContainText("100+");
    expect(scripts.filter((script) => script.includes("/story-"))).toEqual([]);
    await expect(stats).toHaveAttribute("data-reveal", "hidden");
    await stats.scrollIntoViewIfNeeded();
    await expect(stats).toHaveAttribute("data-reveal", "shown");
  });

  test("their links navigate within the page's scripts, and a navigation back renders them in the browser", async ({ page }) => {
    const scripts = scriptsOf(page);
    await page.goto("/");
    await hydrated(page);
    // A full page load would lose this.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await region(page, "Learn From Expert Clinicians").getByRole("link", { name: "Meet Our Instructors" }).click();
    await expect(page).toHaveURL(/\/instructors$/);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);

    await page.getByRole("banner").getByRole("link", { name: /home/i }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(region(page, "The Case for Full-Arch Rehabilitation").getByRole("heading", { level: 3 })).toHaveCount(2);
    await expect(region(page, "Secure Your Spot!").getByRole("link", { name: "Book Your Course" })).toHaveAttribute("href", "/courses");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Master Full-Arch Implantology on Live Patients");
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    expect(scripts.filter((script) => script.includes("/story-"))).toHaveLength(1);
  });
});

test.describe("the home page's interactive parts below the fold", () => {
  test("load their code only as they come near the screen, then work", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => request.resourceType() === "script" && scripts.push(new URL(request.url()).pathname));
    await page.goto("/");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    const partCode = /\/assets\/(faq|testimonials|training-environment|newsletter|carousel|video-player)-/;
    expect(scripts.filter((script) => partCode.test(script))).toEqual([]);

    const faq = region(page, "Frequently Asked Questions");
    await faq.scrollIntoViewIfNeeded();
    await expect.poll(() => scripts.some((script) => script.includes("/assets/faq-"))).toBe(true);
    const question = faq.getByRole("button", { name: FAQ_ITEMS[1].question });
    await question.click();
    await expect(question).toHaveAttribute("aria-expanded", "true");
  });

  test("a press that comes before the part's code is kept and answered once the code arrives", async ({ page }) => {
    const code = await holdCode(page, "faq");
    await page.goto("/");
    await hydrated(page);
    const question = region(page, "Frequently Asked Questions").getByRole("button", { name: FAQ_ITEMS[1].question });
    await question.click();
    await expect.poll(() => code.asked.length).toBe(1);
    await expect(question).toHaveAttribute("aria-expanded", "false");
    code.release();
    await expect(question).toHaveAttribute("aria-expanded", "true");
    // Pressed once, answered once: a second press closes it.
    await question.click();
    await expect(question).toHaveAttribute("aria-expanded", "false");
  });

  test("a navigation to the same page before their code arrives keeps them on screen, then they work", async ({ page }) => {
    const code = await holdCode(page, "faq");
    await page.goto("/");
    await hydrated(page);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    // The router's update reaches the waiting parts: React drops the server's HTML and renders them afresh.
    await page.getByRole("banner").getByRole("link", { name: /home/i }).first().click();
    await expect.poll(() => code.asked.length).toBe(1);
    const faq = region(page, "Frequently Asked Questions");
    await expect(faq.getByRole("button", { name: FAQ_ITEMS[1].question })).toBeAttached();
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(height);
    // A press on the copy, before the code: answered by the part drawn in the copy's place.
    const question = faq.getByRole("button", { name: FAQ_ITEMS[1].question });
    await question.click();
    code.release();
    await expect(question).toHaveAttribute("aria-expanded", "true");
    await question.click();
    await expect(question).toHaveAttribute("aria-expanded", "false");
  });

  test("a key pressed on the copy before the code arrives is answered by the part drawn in its place, which keeps the focus", async ({ page }) => {
    const code = await holdCode(page, "faq");
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("banner").getByRole("link", { name: /home/i }).first().click();
    await expect.poll(() => code.asked.length).toBe(1);
    const question = region(page, "Frequently Asked Questions").getByRole("button", { name: FAQ_ITEMS[2].question });
    await question.focus();
    await page.keyboard.press("Enter");
    code.release();
    await expect(question).toHaveAttribute("aria-expanded", "true");
    await expect(question).toBeFocused();
  });

  test("a form typed into and submitted on the copy before its code arrives is checked and sent with what was typed", async ({ page }) => {
    const code = await holdCode(page, "newsletter");
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("banner").getByRole("link", { name: /home/i }).first().click();
    await expect.poll(() => code.asked.length).toBe(1);
    const form = page.getByRole("form", { name: "Newsletter signup" });
    await form.getByLabel("Email address").fill("still-not-an-email");
    await form.getByLabel("Email address").press("Enter");
    await expect(page).toHaveURL(/\/$/);
    code.release();
    await expect(form.getByRole("alert")).toHaveText("Invalid email format.");
    await expect(form.getByLabel("Email address")).toHaveValue("still-not-an-email");
  });

  test("what a visitor types and submits before the form's code arrives is checked and sent", async ({ page }) => {
    const code = await holdCode(page, "newsletter");
    await page.goto("/");
    await hydrated(page);
    const form = page.getByRole("form", { name: "Newsletter signup" });
    await form.getByLabel("Email address").fill("not-an-email");
    await form.getByLabel("Email address").press("Enter");
    await expect.poll(() => code.asked.length).toBe(1);
    // The browser neither submitted the form itself nor left the page.
    await expect(page).toHaveURL(/\/$/);
    code.release();
    await expect(form.getByRole("alert")).toHaveText("Invalid email format.");
    await expect(form.getByLabel("Email address")).toHaveValue("not-an-email");
  });
});

test.describe("the newsletter form whose code cannot load", () => {
  test("is sent as plain HTML to its page, which answers in the form's words, with nothing typed in the address bar", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/Failed to load resource|ERR_FAILED/);
    await page.route(/\/assets\/newsletter-[\w-]+\.js$/, (route) => route.abort());
    await page.goto("/");
    await hydrated(page);
    const form = page.getByRole("form", { name: "Newsletter signup" });
    const failed = page.waitForEvent("requestfailed", (request) => request.url().includes("/assets/newsletter-"));
    await form.getByLabel("Email address").fill("not-an-email");
    await failed;
    // The answer's page cannot load it either: it is sent as plain HTML again.
    const failedAgain = page.waitForEvent("requestfailed", (request) => request.url().includes("/assets/newsletter-"));
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("alert")).toHaveText("Invalid email format.");
    await expect(form.getByLabel("Email address")).toHaveValue("not-an-email");
    expect(page.url()).not.toContain("not-an-email");

    const email = `code.failed-${Date.now()}@example.com`;
    await form.getByLabel("Email address").fill(email);
    await failedAgain;
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("status")).toHaveText("Successfully subscribed to the newsletter! Please check your inbox to confirm your subscription.");
    expect(decodeURIComponent(page.url())).not.toContain(email);
  });
});

/** Records each change of a carousel's current slide, with the page's time, from now on. */
async function recordSlideChanges(carousel: Locator) {
  await carousel.evaluate((element) => {
    const log: { slide: string; at: number }[] = [];
    (element as HTMLElement & { slideLog?: typeof log }).slideLog = log;
    new MutationObserver(() => {
      const current = element.querySelector('[aria-current="true"]')?.getAttribute("aria-label") ?? "";
      if (log.at(-1)?.slide !== current) log.push({ slide: current, at: Date.now() });
    }).observe(element, { subtree: true, attributes: true, attributeFilter: ["aria-current"] });
  });
  return {
    read: () => carousel.evaluate((element) => (element as HTMLElement & { slideLog?: { slide: string; at: number }[] }).slideLog ?? []),
  };
}

test.describe("training environment carousel", () => {
  test.use({ reducedMotion: "no-preference" });
  const carouselOf = (page: Page) => page.getByRole("region", { name: "Photographs of our training environment" });

  test("advances by itself every 3 seconds", async ({ page }) => {
    // The page's clock is held still and moved by the test: the interval is measured in the page's own time.
    await page.clock.install();
    await page.goto("/");
    const carousel = carouselOf(page);
    await carousel.scrollIntoViewIfNeeded();
    // Embla loads as the carousel nears the screen; it has taken the slides once it has placed them.
    await expect(carousel.getByRole("group").first().locator("..")).toHaveAttribute("style", /transform/);
    // Keep the pointer away so hovering never pauses it.
    await page.mouse.move(1, 1);
    await expect(carousel.getByRole("button", { name: /^Go to slide \d+$/ })).toHaveCount(5);
    await expect(carousel.getByRole("group")).toHaveCount(5);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
    const changes = await recordSlideChanges(carousel);
    for (let step = 0; step < 14; step++) await page.clock.runFor(500);
    const log = await changes.read();
    expect(log.length).toBeGreaterThanOrEqual(2);
    const number = (slide: string) => Number(slide.replace("Go to slide ", ""));
    for (let index = 1; index < log.length; index++) {
      expect(number(log[index].slide)).toBe((number(log[index - 1].slide) % 5) + 1);
      // Three seconds, give or take the animation frame the carousel moves on.
      expect(Math.abs(log[index].at - log[index - 1].at - 3_000)).toBeLessThanOrEqual(20);
    }
  });

  test("holds still while keyboard focus is in it, its controls included, and moves on once focus leaves", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    const carousel = carouselOf(page);
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel.getByRole("group").first().locator("..")).toHaveAttribute("style", /transform/);
    await page.mouse.move(1, 1);
    const changes = await recordSlideChanges(carousel);
    // Tabbed to, as a keyboard reaches it: past the dots to the button that would pause it.
    const pause = carousel.getByRole("button", { name: "Pause automatic slide show" });
    await pause.focus();
    for (let second = 0; second < 10; second++) await page.clock.runFor(1_000);
    expect(await changes.read()).toEqual([]);
    // Nothing was paused by the visitor: with focus gone it moves on by itself.
    await expect(pause).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(pause).not.toBeFocused();
    await expect(carousel.locator(":focus")).toHaveCount(0);
    for (let second = 0; second < 4; second++) await page.clock.runFor(1_000);
    expect((await changes.read()).length).toBeGreaterThanOrEqual(1);
  });

  test("its controls stay where the server drew them when its code arrives, and its slide show can be paused", async ({ page }) => {
    const code = await holdCode(page, "training-environment");
    await page.goto("/");
    const carousel = carouselOf(page);
    await carousel.scrollIntoViewIfNeeded();
    await expect.poll(() => code.asked.length).toBe(1);
    // Where Next sits in the carousel (the page may scroll meanwhile).
    const placeOfNext = () =>
      carousel.getByRole("button", { name: "Next slide" }).evaluate((next) => {
        const [button, region] = [next.getBoundingClientRect(), next.closest("section")!.getBoundingClientRect()];
        return { x: button.x - region.x, y: button.y - region.y };
      });
    const drawn = await placeOfNext();
    code.release();
    const pause = carousel.getByRole("button", { name: "Pause automatic slide show" });
    await expect(pause).toBeVisible();
    // A press while the code hydrates can be lost, and is made again; one that landed but shows late is not undone by a second.
    await expect(async () => {
      if (await pause.isVisible()) await pause.click({ timeout: 500 });
      await expect(carousel.getByRole("button", { name: "Start automatic slide show" })).toBeVisible({ timeout: 500 });
    }).toPass();
    expect(await placeOfNext()).toEqual(drawn);
  });

  test("without motion there is no slide show to pause", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const carousel = carouselOf(page);
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel.getByRole("button", { name: "Next slide" })).toBeVisible();
    await expect(carousel.getByRole("button", { name: /automatic slide show/ })).toBeHidden();
  });

  test("does not advance while hovered, and wraps from the last slide to the first", async ({ page }) => {
    await page.goto("/");
    const carousel = carouselOf(page);
    await carousel.scrollIntoViewIfNeeded();
    const current = carousel.locator('[aria-current="true"]');
    // Pressing a dot with the keyboard leaves the pointer where it is; retried until hydrated.
    const goTo = async (slide: number) =>
      expect(async () => {
        await carousel.getByRole("button", { name: `Go to slide ${slide}` }).press("Enter");
        await expect(current).toHaveAccessibleName(`Go to slide ${slide}`, { timeout: 500 });
      }).toPass();
    await goTo(2);

    // Pointer over the photographs: it holds still well past its 3 seconds.
    await carousel.hover({ position: { x: 40, y: 40 } });
    await goTo(5);
    await expect(carousel.getByRole("group", { name: "5 of 5" }).getByRole("img")).toBeInViewport({ ratio: 0.9 });
    await page.waitForTimeout(4_500);
    await expect(current).toHaveAccessibleName("Go to slide 5");

    // Pointer and focus gone (the dots pressed kept it): it moves on, from the last slide back to the first.
    const changes = await recordSlideChanges(carousel);
    await page.mouse.move(1, 1);
    await carousel.getByRole("button", { name: "Go to slide 5" }).blur();
    await expect.poll(async () => (await changes.read()).length, { timeout: 6_000 }).toBeGreaterThanOrEqual(1);
    expect((await changes.read())[0].slide).toBe("Go to slide 1");
  });
});

test.describe("alumni testimonials carousel", () => {
  test("two videos; play brings sound and controls; the next slide pauses and rewinds the first", async ({ page }) => {
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Alumni video testimonials" });
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel.getByRole("group")).toHaveCount(2);
    await expect(carousel.locator("video")).toHaveCount(2);

    const play = carousel.getByRole("button", { name: `Play video: ${TESTIMONIALS[0].title}` });
    await play.click();
    const video = carousel.locator("video").first();
    await expect(video).toHaveAttribute("controls", "");
    await expect(carousel.getByRole("button", { name: "Fullscreen" })).toBeVisible();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.3);
    expect(await video.evaluate((element: HTMLVideoElement) => ({ muted: element.muted, paused: element.paused }))).toEqual({
      muted: false,
      paused: false,
    });

    await carousel.getByRole("button", { name: "Next slide" }).click();
    await expect(carousel.locator('[aria-current="true"]')).toHaveAccessibleName("Go to slide 2");
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => ({ paused: element.paused, time: element.currentTime })))
      .toEqual({ paused: true, time: 0 });
    // Back to its poster, ready to play again.
    await expect(play).toBeAttached();
    await expect(carousel.getByRole("button", { name: `Play video: ${TESTIMONIALS[1].title}` })).toBeVisible();
  });
  test("a slide control pressed before the carousel's code arrives moves it once the code is there", async ({ page }) => {
    const engine = await holdCode(page, "carousel-engine");
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Alumni video testimonials" });
    await carousel.scrollIntoViewIfNeeded();
    await expect.poll(() => engine.asked.length).toBe(1);
    const current = carousel.locator('[aria-current="true"]');
    await carousel.getByRole("button", { name: "Next slide" }).click();
    await expect(current).toHaveAccessibleName("Go to slide 1");
    engine.release();
    await expect(current).toHaveAccessibleName("Go to slide 2");
    // The second slide fills the carousel's own window. Measured against the carousel, not the page: the page
    // itself sometimes scrolls while the held code arrives (seen before this test's last change too, 1 run in 6).
    const slideOffset = async () => {
      const [shown, frame] = await Promise.all([
        carousel.getByRole("button", { name: `Play video: ${TESTIMONIALS[1].title}` }).boundingBox(),
        carousel.boundingBox(),
      ]);
      return Math.round(Math.abs(shown!.x - frame!.x));
    };
    await expect.poll(slideOffset).toBeLessThanOrEqual(1);
  });
});

test.describe("FAQ", () => {
  const trigger = (page: Page, question: string) => region(page, "Frequently Asked Questions").getByRole("button", { name: question });

  test("answers cover location, fees, instalments, language, licence, certificate and group size", async ({ page }) => {
    await page.goto("/");
    const faq = region(page, "Frequently Asked Questions");
    await faq.scrollIntoViewIfNeeded();
    const expected: Record<string, RegExp[]> = {
      "Where do the courses take place?": [/Dubai Healthcare City \(Building 27, Block C, Ground Floor\)/],
      "What is included in the course fee?": [/tuition, implants, materials and food/, /your hotel stay where a course lists it/, /Flights are not included/],
      "Can I pay in instalments?": [/Instalment terms are coming soon/],
      "What language are the courses taught in?": [/taught in English/],
      "Will I be able to operate on live patients?": [/temporary licence/],
      "Will I receive a certificate?": [/certificate on completion/],
      "How large are the groups?": [/small/],
    };
    expect(FAQ_ITEMS.map((item) => item.question)).toEqual(Object.keys(expected));
    for (const [question, answers] of Object.entries(expected)) {
      await trigger(page, question).click();
      const panel = faq.getByRole("region", { name: question });
      for (const answer of answers) await expect(panel).toContainText(answer);
    }
  });

  test("one item open at a time, and the open one collapses when clicked", async ({ page }) => {
    await page.goto("/");
    const fees = trigger(page, "What is included in the course fee?");
    const language = trigger(page, "What language are the courses taught in?");
    const feesAnswer = page.getByText("Flights are not included");
    const languageAnswer = page.getByText("All courses are taught in English");

    await expect(feesAnswer).toBeHidden();
    await fees.click();
    await expect(fees).toHaveAttribute("aria-expanded", "true");
    await expect(feesAnswer).toBeVisible();

    await language.click();
    await expect(languageAnswer).toBeVisible();
    await expect(feesAnswer).toBeHidden();
    await expect(fees).toHaveAttribute("aria-expanded", "false");

    await language.click();
    await expect(languageAnswer).toBeHidden();
    await expect(language).toHaveAttribute("aria-expanded", "false");
  });

  test("by keyboard: the arrow keys, Home and End move between the questions, Enter and Space open and close them", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const questions = FAQ_ITEMS.map((item) => trigger(page, item.question));
    await questions[0].focus();
    await page.keyboard.press("ArrowDown");
    await expect(questions[1]).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(questions.at(-1)!).toBeFocused();
    await page.keyboard.press("Home");
    await expect(questions[0]).toBeFocused();
    await page.keyboard.press("End");
    await expect(questions.at(-1)!).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(questions[0]).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(questions[0]).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText("Building 27, Block C, Ground Floor").first()).toBeVisible();
    await page.keyboard.press("Space");
    await expect(questions[0]).toHaveAttribute("aria-expanded", "false");
  });

  test("with scripts off, every answer can be read under its question", { tag: "@phone" }, async ({ page, browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: page.viewportSize()! });
    try {
      const noScripts = await context.newPage();
      await noScripts.goto("/");
      const faq = region(noScripts, "Frequently Asked Questions");
      for (const item of FAQ_ITEMS) {
        await expect(faq.getByRole("heading", { level: 3, name: item.question })).toBeVisible();
        const answer = faq.getByRole("region", { name: item.question });
        await expect(answer).toBeVisible();
        await expect(answer).toContainText(item.answer[0]);
      }
      // No button is offered that would do nothing, a question's still saying its answer is collapsed.
      await expect(faq.getByRole("button")).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test("the location map opens in a dialog and closes with Escape and with its close button", async ({ page }) => {
    await page.goto("/");
    await trigger(page, "Where do the courses take place?").click();
    const open = page.getByRole("button", { name: "View Location Map" });
    const dialog = page.getByRole("dialog", { name: "Our Dubai Training Centre" });

    await open.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Dubai Healthcare City, Building 27, Block C, Ground Floor");
    const map = dialog.getByRole("img", { name: /Map showing the institute's training centre/ });
    await expect.poll(() => map.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const directions = dialog.getByRole("link", { name: "Get directions (opens Google Maps in a new tab)" });
    await expect(directions).toHaveAttribute(
      "href",
      "https://www.google.com/maps/search/?api=1&query=Building%2027%2C%20Block%20C%2C%20Ground%20Floor%2C%20Dubai%20Healthcare%20City%2C%20Dubai%2C%20United%20Arab%20Emirates",
    );
    await expect(directions).toHaveAttribute("target", "_blank");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });
});
