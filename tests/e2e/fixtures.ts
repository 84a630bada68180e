import { type BrowserContext, type ConsoleMessage, expect, type Locator, type Page, test as base } from "@playwright/test";
import { addDays, addMonths, format, parseISO, startOfMonth } from "date-fns";

import { DEMO_EDITION_OFFSETS } from "~/server/catalogue/demo-seed.server";

import type { Person } from "../support/people";
import { type Fixtures, fixturesOf } from "./data";

interface TestFixtures {
  /** Console errors the test expects; any other console error fails it. */
  allowConsoleErrors: (pattern: RegExp) => void;
  /** People, editions and purchases made on the server under test by its domain services, removed after the test. */
  data: Fixtures & {
    /** A date the test schedules through the screens: removed after it however it ends, as a failure midway would leave it for other tests to find. */
    scheduledByTest(edition: { offeringKey: string; startDate: string }): void;
  };
  /** The demo catalogue's dates, reckoned from the day the server under test scheduled them. */
  demoCatalogue: DemoCatalogue;
}

interface DemoCatalogue {
  /** The editions the server scheduled for the offering on start, soonest first. */
  editions(offeringKey: string): { startDate: string; endDate: string }[];
  /**
   * A start day among the first 24 of the month `monthsAhead` from now, so a four-day course stays within it: random,
   * so other tests' dates rarely share it, and never one of the demo catalogue's dates for the offering, as a test
   * finds its date by its dates. Two tests that schedule the same course at once take different months.
   */
  startDateIn(offeringKey: string, monthsAhead: number): string;
}

function demoCatalogueFrom({ seedDay, lengthDays }: { seedDay: string; lengthDays: Record<string, number> }): DemoCatalogue {
  const editions = (offeringKey: string) =>
    (DEMO_EDITION_OFFSETS[offeringKey] ?? []).map((offset) => ({
      startDate: format(addDays(parseISO(seedDay), offset), "yyyy-MM-dd"),
      endDate: format(addDays(parseISO(seedDay), offset + lengthDays[offeringKey] - 1), "yyyy-MM-dd"),
    }));
  return {
    editions,
    startDateIn(offeringKey, monthsAhead) {
      const seeded = new Set(editions(offeringKey).map((edition) => edition.startDate));
      const days = Array.from({ length: 24 }, (_, day) => format(addDays(startOfMonth(addMonths(new Date(), monthsAhead)), day), "yyyy-MM-dd"));
      const free = days.filter((day) => !seeded.has(day));
      return free[Math.floor(Math.random() * free.length)];
    },
  };
}

/** The app's scripts have run on the current document: what page.goto waits for, for a page reached another way (a redirect, a link). */
export async function hydrated(page: Page) {
  await page.locator('html[data-hydrated], html:not(:has(script[type="module"]))').waitFor({ state: "attached" });
}

/** WCAG 2.5.8: a control standing on its own is at least 24 by 24 CSS pixels. */
export async function expectTapTarget(target: Locator) {
  const box = (await target.boundingBox())!;
  expect(Math.min(box.width, box.height), `${target.toString()} is ${box.width}x${box.height}`).toBeGreaterThanOrEqual(24);
}

/** Holds the requests matching `url` until released, so a busy state can be seen. */
export async function holdRequests(page: Page, url: string | RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Logs out from the header as spec 4 has it: 'Loading...' while the request is held, then the toast and /auth. */
export async function logOutFromHeader(page: Page) {
  const release = await holdRequests(page, "**/auth/logout*");
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("banner").getByText("Loading...").first()).toBeVisible();
  release();
  await expect(page.getByText("You have been logged out.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
}

/**
 * Holds the browser entry back until the returned function is called, as a slow
 * phone does: the page is the server's HTML meanwhile. That function hydrates
 * the page and waits past the effects that run on hydration.
 */
export async function holdPageCode(page: Page) {
  const release = await holdRequests(page, /\/assets\/entry\.client-[\w-]+\.js$/);
  return async () => {
    release();
    await hydrated(page);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))));
  };
}

/** Holds the browser's requests for a part's code (`/assets/<part>-<hash>.js`) until released; `asked` lists them. */
export async function holdCode(page: Page, part: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route(new RegExp(`/assets/${part}-[\\w-]+\\.js$`), async (route) => {
    asked.push(route.request().url());
    await released;
    await route.continue();
  });
  return { asked, release };
}

/** The paths of the scripts the page asks for from now on, as they are asked. */
export function scriptsOf(page: Page) {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/**
 * What the browser logs while the whole connection is cut (setOffline): failed
 * loads, and React Router's failed fetch of the routes that a link now on the
 * page leads to (lazy route discovery), whenever such a link appears.
 */
export const OFFLINE_CONSOLE_ERRORS = /Failed to load resource|ERR_FAILED|ERR_INTERNET_DISCONNECTED|Failed to fetch manifest patches/;

export const test = base.extend<TestFixtures>({
  /**
   * page.goto returns once the document has loaded, but a click before React
   * hydrates can be lost (seen in CI on Book Now, a delete icon and a form).
   * Every visit therefore also waits for the root layout's hydration mark,
   * unless the test asked to act before the page is ready.
   */
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil !== "commit") {
        // A page without the app's scripts (a file, a bare error) has nothing to hydrate.
        await hydrated(page);
      }
      return response;
    };
    await use(page);
  },
  allowConsoleErrors: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const unexpected: string[] = [];
      const onConsole = (message: ConsoleMessage) => {
        if (message.type() !== "error") return;
        const text = message.text();
        if (!allowed.some((pattern) => pattern.test(text))) unexpected.push(text);
      };
      page.on("console", onConsole);
      page.on("pageerror", (error) => unexpected.push(`pageerror: ${error.message}`));
      await use((pattern) => allowed.push(pattern));
      page.off("console", onConsole);
      expect(unexpected, "unexpected console errors").toEqual([]);
    },
    { auto: true },
  ],
  data: async ({ baseURL }, use) => {
    const door = fixturesOf(baseURL!);
    const people: string[] = [];
    const editions: string[] = [];
    const scheduledByTest: { offeringKey: string; startDate: string }[] = [];
    await use({
      ...door,
      scheduledByTest: (edition) => scheduledByTest.push(edition),
      async person(options) {
        const person = await door.person(options);
        people.push(person.id);
        return person;
      },
      async edition(input) {
        const edition = await door.edition(input);
        editions.push(edition.id);
        return edition;
      },
    });
    if (people.length) await door.removePeople({ ids: people });
    if (editions.length) await door.removeEditions({ ids: editions });
    for (const edition of scheduledByTest) await door.removeEditionsOn(edition);
  },
  demoCatalogue: async ({ baseURL }, use) => {
    await use(demoCatalogueFrom(await fixturesOf(baseURL!).demoCatalogue({})));
  },
});

/** Gives the browser the person's session cookie, as logging in would. */
export async function signInAs(context: BrowserContext, person: Person, serverUrl: string) {
  await context.addCookies([{ name: person.cookieName, value: person.cookieValue, url: serverUrl, httpOnly: true, sameSite: "Lax" }]);
}

export { expect };
