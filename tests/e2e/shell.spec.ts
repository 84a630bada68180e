import { expect, holdPageCode, hydrated, logOutFromHeader, signInAs, test } from "./fixtures";

test.describe("site shell on desktop", () => {
  test("top navigation links and logo", async ({ page }) => {
    await page.goto("/contact");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Schedule" }).click();
    await expect(page).toHaveURL(/\/upcoming-events$/);
    await nav.getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(nav.getByRole("link", { name: "Contact" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/contact");
    await page.getByRole("link", { name: "Global Implant Institute, home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the Courses dropdown opens on hover with both programmes and their descriptions", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Courses" }).hover();
    const fullArch = page.getByRole("link", { name: /Full Arch Program/ });
    await expect(fullArch).toBeVisible();
    await expect(fullArch).toContainText("Our complete 3-level full arch curriculum.");
    await expect(page.getByRole("link", { name: /Grafting Techniques/ })).toContainText("Master sinus, hard, and soft tissue grafting.");
    await page.getByRole("link", { name: /Grafting Techniques/ }).click();
    await expect(page).toHaveURL(/\/courses\/grafting$/);
  });

  test("clicking the Courses trigger goes to /courses", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Courses" }).click();
    await expect(page).toHaveURL(/\/courses$/);
  });

  test("the dropdown waits 200 ms before opening", async ({ page }) => {
    // The page's clock is held still, so the delay is measured in its own time, not the machine's.
    await page.clock.install();
    await page.goto("/");
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Courses" }).hover();
    const fullArch = page.getByRole("link", { name: /Full Arch Program/ });
    await page.clock.runFor(180);
    await expect(fullArch).toBeHidden();
    await page.clock.runFor(40);
    await expect(fullArch).toBeVisible();
  });

  test("the dropdown closes 150 ms after the pointer leaves, and opens at once when moved back within 300 ms", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const courses = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Courses" });
    const fullArch = page.getByRole("link", { name: /Full Arch Program/ });
    await courses.hover();
    await page.clock.runFor(220);
    await expect(fullArch).toBeVisible();
    await expect(courses).toHaveAttribute("aria-expanded", "true");

    // Across the gap to the panel and into it: it stays open.
    await fullArch.hover();
    await page.clock.runFor(400);
    await expect(fullArch).toBeVisible();

    await page.mouse.move(640, 600);
    await page.clock.runFor(130);
    await expect(fullArch).toBeVisible();
    await page.clock.runFor(40);
    await expect(fullArch).toBeHidden();
    await expect(courses).toHaveAttribute("aria-expanded", "false");

    // Back within the skip delay: no wait this time.
    await courses.hover();
    await page.clock.runFor(10);
    await expect(fullArch).toBeVisible();
  });

  test("by keyboard: ArrowDown opens the dropdown into its first item, Escape closes it and returns to Courses", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const courses = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Courses" });
    const fullArch = page.getByRole("link", { name: /Full Arch Program/ });
    await courses.focus();
    await expect(fullArch).toBeHidden();
    await page.keyboard.press("ArrowDown");
    await expect(fullArch).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: /Grafting Techniques/ })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(fullArch).toBeHidden();
    await expect(courses).toBeFocused();

    // Tabbing out of the open dropdown closes it.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Schedule" })).toBeFocused();
    await expect(fullArch).toBeHidden();

    // Enter on Courses follows the link.
    await courses.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/courses$/);
  });

  test("the header keeps to one line at 768, 800 and 1024 px, signed out and in", async ({ page, data, context, baseURL }) => {
    const dentist = await data.person({ firstName: "Narrow", lastName: "Screen" });
    for (const signedIn of [false, true]) {
      if (signedIn) await signInAs(context, dentist, baseURL!);
      for (const width of [768, 800, 1024]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto("/contact");
        await expect(page.getByRole("banner").getByText("Loading...")).toHaveCount(0);
        // The wordmark, each link and the auth area on a single line, all within the screen (the phone menu aside).
        const wrapped = await page.locator("header").evaluate((header) =>
          [...header.querySelectorAll<HTMLElement>("a, button, span")]
            .filter((element) => element.checkVisibility() && !element.closest("#mobile-menu"))
            .filter((element) => {
              // The tops of its words' line boxes: more than one line when they differ.
              const tops: number[] = [];
              const words = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
              for (let word = words.nextNode(); word; word = words.nextNode()) {
                const range = document.createRange();
                range.selectNodeContents(word);
                tops.push(...[...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => rect.top));
              }
              return Math.max(...tops) - Math.min(...tops) > 5 || element.getBoundingClientRect().right > innerWidth;
            })
            .map((element) => element.textContent?.trim() || element.getAttribute("aria-label")),
        );
        expect(wrapped, `${signedIn ? "signed in" : "signed out"} at ${width} px`).toEqual([]);
      }
    }
  });

  test("the logged-out auth area links to /auth", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Login / Sign Up" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("footer: terms, privacy, copyright with the current year and the builder credit", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText(`© ${new Date().getFullYear()} Global Implant Institute`)).toBeVisible();
    await expect(footer.getByRole("link", { name: /^Website by|Northlight Studio/ })).toHaveAttribute("href", /^https:\/\//);
    await footer.getByRole("link", { name: "Terms and Conditions" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
  });

  test("a navigation without a hash scrolls to the top", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms and Conditions" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("going back without a hash scrolls to the top, also to the page the visit began on", async ({ page }) => {
    await page.goto("/terms");
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, 2000));
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/terms$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("going back from an in-page link to the address without a hash scrolls to the top", async ({ page }) => {
    await page.goto("/terms");
    await hydrated(page);
    const contents = page.locator('main a[href^="#"]').last();
    const target = (await contents.getAttribute("href"))!;
    await contents.click();
    await expect(page).toHaveURL(new RegExp(`/terms${target}$`));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.goBack();
    await expect(page).toHaveURL(/\/terms$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a navigation without a page load reads out the new page's title; the first load does not", async ({ page }) => {
    await page.goto("/courses");
    await hydrated(page);
    const announcer = page.locator("#navigation-announcer");
    await expect(announcer).toHaveAttribute("aria-live", "assertive");
    await expect(announcer).toHaveText("");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(announcer).toHaveText("Contact Us | Global Implant Institute");
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms and Conditions" }).click();
    await expect(announcer).toHaveText(/^Terms.* \| Global Implant Institute$/);
  });

  test("a visitor who scrolls while the page loads stays there when it hydrates", async ({ page }) => {
    // The browser entry is held back until the visitor has scrolled, as on a slow phone.
    const hydrate = await holdPageCode(page);
    await page.goto("/courses", { waitUntil: "commit" });
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(500);
    await hydrate();
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
  });

  test("every navigation reports a page view with full location and title", async ({ page }) => {
    const first = page.waitForRequest((request) => request.url().endsWith("/api/page-views") && request.method() === "POST");
    await page.goto("/courses?ref=newsletter");
    const firstBody = JSON.parse((await first).postData() ?? "{}");
    expect(firstBody.location).toMatch(/\/courses\?ref=newsletter$/);
    expect(firstBody.title).toBe("Courses | Global Implant Institute");

    const second = page.waitForRequest((request) => request.url().endsWith("/api/page-views"));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    const secondBody = JSON.parse((await second).postData() ?? "{}");
    expect(secondBody.location).toMatch(/\/contact$/);
    expect(secondBody.title).toBe("Contact Us | Global Implant Institute");
    const stored = await (await second).response();
    expect(stored?.status()).toBe(204);
  });

  test("a navigation that ends on the error screen is reported too, and so is the next one", async ({ page, context, data, baseURL, allowConsoleErrors }) => {
    // The not-found page's 404 and its log of the missing path (spec 2).
    allowConsoleErrors(/404|non-existent route/);
    await signInAs(context, await data.person({}), baseURL!);
    const missing = "/account/receipts/00000000-0000-0000-0000-000000000000";
    const first = page.waitForRequest((request) => request.url().endsWith("/api/page-views"));
    await page.goto(missing);
    await expect(page.getByText("Page Not Found", { exact: true })).toBeVisible();
    const firstBody = JSON.parse((await first).postData() ?? "{}");
    expect(firstBody.location).toBe(`${baseURL}${missing}`);
    expect(firstBody.title).toBe(await page.title());

    const second = page.waitForRequest((request) => request.url().endsWith("/api/page-views"));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    expect(JSON.parse((await second).postData() ?? "{}").location).toBe(`${baseURL}/contact`);
  });

  test("no consent banner with first-party analytics only", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("dialog", { name: "Cookie consent" })).toHaveCount(0);
  });
});

test.describe("demo ribbon", () => {
  test("says the providers are simulated, is dismissed for good, and the page below keeps clear of the header", async ({ page }) => {
    await page.goto("/courses");
    const ribbon = page.getByRole("note", { name: "Demo mode", includeHidden: true });
    await expect(ribbon).toHaveText("Demo mode: payments are simulated and emails stay in the built-in mailbox");
    const headerBottom = async () => (await page.locator("header").boundingBox())!.height;
    const mainTop = () => page.locator("main").evaluate((main) => parseFloat(getComputedStyle(main).paddingTop));
    expect(await mainTop()).toBe(await headerBottom());
    const withRibbon = await headerBottom();

    await ribbon.getByRole("button", { name: "Dismiss the demo mode notice" }).click();
    await expect(ribbon).toBeHidden();
    // Not drawn at all: at height 0 its text would still show over the header.
    await expect(ribbon).toHaveCSS("display", "none");
    expect(await headerBottom()).toBeLessThan(withRibbon);
    expect(await mainTop()).toBe(await headerBottom());

    // Hidden before first paint on the next page: no flash, no shift.
    await page.goto("/contact");
    await expect(page.getByRole("note", { name: "Demo mode", includeHidden: true })).toHaveCSS("display", "none");
    expect(await page.evaluate(() => document.documentElement.classList.contains("demo-ribbon-dismissed"))).toBe(true);
  });
});

test.describe("logout on a page whose lower parts are still waiting for their code", () => {
  for (const path of ["/", "/courses/full-arch", "/upcoming-events"]) {
    test(`${path}: Logout shows 'Loading...', then the toast and /auth, without scrolling`, async ({ page, data, context, baseURL }) => {
      const dentist = await data.person({ firstName: "Wait", lastName: "Ing" });
      await signInAs(context, dentist, baseURL!);
      await page.goto(path);
      await logOutFromHeader(page);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });
  }
});
