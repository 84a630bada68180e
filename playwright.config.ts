import { existsSync } from "node:fs";

import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://localhost:${PORT}`;

/**
 * Debian's Chromium headless shell when it is there (.ci/run installs it): the
 * same engine without the desktop browser's processes, which took about two
 * fifths of the suite's time (the same 55 tests: 2.7 min with /usr/bin/chromium, 1.5 min).
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

const chromium = {
  executablePath: process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // CI machines have been seen several times slower than a session's: room for that, not for a hang.
  timeout: process.env.CI ? 120_000 : 30_000,
  expect: { timeout: process.env.CI ? 20_000 : 7_000 },
  use: {
    baseURL: BASE_URL,
    // A failed test keeps its trace (actions, DOM snapshots, network) without the screencast: filming every test
    // took about a fifth of the browser suite's time here (two spec files: 3.1-3.2 min filmed, 2.5-2.6 min not).
    trace: { mode: "retain-on-failure", screenshots: false },
    // As a visitor who asked for less motion: the looping hero videos kept half a core busy on / and /courses/full-arch
    // in every test there (about a tenth of the suite's time). Tests of what moves ask for motion back (test.use, emulateMedia).
    reducedMotion: "reduce",
    launchOptions: chromium,
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 }, launchOptions: chromium },
      testIgnore: /.*\.(mobile|postgres)\.spec\.ts/,
    },
    {
      name: "mobile",
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions: chromium },
      testMatch: /.*\.mobile\.spec\.ts|.*\.all\.spec\.ts/,
      // At 390 px: what a phone changes (layout, menus, the calendar, the checkout, axe), not every behaviour again.
      grep: /@phone/,
    },
    // Servers of their own on the PostgreSQL of TEST_DATABASE_URL (CI starts one).
    ...(process.env.TEST_DATABASE_URL
      ? [
          {
            name: "postgres",
            use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 }, launchOptions: chromium },
            testMatch: /.*\.postgres\.spec\.ts/,
          },
        ]
      : []),
  ],
  webServer: {
    // The production build on a fresh embedded database of its own, with the fixture door beside it.
    command: "node --import tsx tests/e2e/server.ts",
    url: `${BASE_URL}/healthz`,
    timeout: 300_000,
    reuseExistingServer: false,
    // Its request lines (about 9,000 a run, 3.7 MB of CI log) buried the failures; warnings and errors go to stderr, which stays.
    stdout: "ignore",
    // Many journeys send the same forms from one address: the limit itself is tested on its own.
    env: {
      PORT: String(PORT),
      SITE_URL: BASE_URL,
      NODE_ENV: "production",
      FORM_RATE_LIMIT: "10000",
      AUTH_RATE_LIMIT: "10000",
      ACCOUNT_LOGIN_LIMIT: "10000",
      PAGE_VIEW_RATE_LIMIT: "10000",
      CHECKOUT_RATE_LIMIT: "10000",
      RECIPIENT_EMAIL_LIMIT: "10000",
      STAFF_NOTICE_LIMIT: "10000",
      CHECKOUT_HOLDS_PER_ADDRESS: "10000",
      DEMO_ADMIN_PASSWORD: "demo-admin-password",
    },
  },
});
