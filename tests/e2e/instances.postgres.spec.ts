import { randomBytes } from "node:crypto";

import type { Browser, Locator, Page, Response } from "@playwright/test";
import pg from "pg";

import { CHECKOUT_REFUSALS } from "~/lib/checkout-refusals";
import { localWebhookSecret } from "~/server/payments/local.server";

import { checkoutSessionObject, signedEvent } from "../support/booking";
import { openAccount, signUpThroughUi, type TestAccount, uniqueEmail } from "./accounts";
import { type AppInstance, portNextTo, startAppInstance } from "./app-instance";
import { fixturesOf } from "./data";
import { expect, signInAs, test } from "./fixtures";

/*
 * Two production servers on one PostgreSQL database, as a deployment runs them.
 * This project runs when TEST_DATABASE_URL names a PostgreSQL server (CI starts one).
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

const adminUrl = process.env.TEST_DATABASE_URL ?? "";
const databaseName = `gii_e2e_${randomBytes(5).toString("hex")}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.href;
})();
const instanceEnv = {
  DATABASE_URL: databaseUrl,
  BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
  LOCAL_PROVIDERS: "1",
  SEED_DEMO_DATA: "1",
};

let first: AppInstance;
let second: AppInstance;
let sql: pg.Client;

async function onAdminDatabase(statement: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(statement);
  await admin.end();
}

test.beforeAll(async ({ baseURL }) => {
  await onAdminDatabase(`create database ${databaseName}`);
  // One after the other: the first migrates and seeds, the second finds it done.
  first = await startAppInstance(portNextTo(baseURL, 1), instanceEnv);
  second = await startAppInstance(portNextTo(baseURL, 2), instanceEnv);
  sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
});

test.afterAll(async () => {
  await sql?.end();
  await Promise.all([first?.stop(), second?.stop()]);
  // An autovacuum worker on the database can refuse to be ended for a moment: try again.
  for (let attempt = 1; ; attempt++) {
    try {
      await onAdminDatabase(`drop database if exists ${databaseName} with (force)`);
      return;
    } catch (error) {
      if (attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
});

/**
 * Reloads until `shown` is visible. A change this test makes in the database
 * reaches each server's page cache by PostgreSQL's notice, a moment after the
 * commit: under load a reload can arrive first and get the copy from before.
 * Returns the answer that showed it.
 */
async function reloadUntilShown(page: Page, shown: Locator): Promise<Response | null> {
  let answer: Response | null = null;
  await expect(async () => {
    answer = await page.reload();
    await expect(shown).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  return answer;
}

/** A browser of its own on one instance, with a new verified person signed in at /account. */
async function signedInOn(browser: Browser, instance: AppInstance, prefix: string) {
  const context = await browser.newContext({ baseURL: instance.url });
  const page = await context.newPage();
  const account = await fixturesOf(instance.url).person({ firstName: "Noor", lastName: "Haddad", email: uniqueEmail(prefix) });
  await signInAs(context, account, instance.url);
  await openAccount(page);
  return { context, page, account };
}

test("a session made on one instance is honoured by the other, survives a restart, and ends on both at logout", async ({ browser }) => {
  const { context, page, account } = await signedInOn(browser, first, "instances");
  const accountHeading = page.getByRole("heading", { level: 1, name: "My Account" });

  // The same cookie, sent to the second server.
  await page.goto(`${second.url}/account`);
  await expect(accountHeading).toBeVisible();
  await expect(page.getByRole("region", { name: "Profile Details" }).getByText(account.email, { exact: true })).toBeVisible();

  first = await first.restart();
  await page.goto(`${first.url}/account`);
  await expect(accountHeading).toBeVisible();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();

  // Logging out on the second server ends the session the first one reads too.
  await page.goto(`${second.url}/account`);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("You have been logged out.")).toBeVisible();
  await page.goto(`${first.url}/account`);
  await expect(page).toHaveURL(/\/auth\?notice=login-required$/);
  await context.close();
});

test("My Purchased Courses shows the purchases the test stored: loading, the list, and the error state", async ({ browser }) => {
  const { context, page, account } = await signedInOn(browser, first, "purchases");
  const purchases = page.getByRole("region", { name: "My Purchased Courses" });
  await expect(purchases.getByText("You have not purchased any courses yet.")).toBeVisible();

  const { rows: stored } = await sql.query<{ id: string; title: string; slug: string; description: string; image_url: string | null }>(
    "select id, title, slug, description, image_url from courses where description is not null order by length(description) desc limit 2",
  );
  expect(stored).toHaveLength(2);
  const [paid, pending] = stored;
  expect(paid.description.length).toBeGreaterThan(100);
  const fixtures = fixturesOf(first.url);
  const bought = { userId: account.id, customerEmail: account.email };
  await fixtures.purchase({
    ...bought,
    courseId: paid.id,
    status: "paid",
    purchaseDate: "2026-10-01T09:00:00Z",
    receiptUrl: "https://pay.stripe.com/receipts/acct_test/rcpt_1",
  });
  await fixtures.purchase({ ...bought, courseId: pending.id, status: "pending", purchaseDate: "2026-11-02T09:00:00Z" });

  // The list waits for the purchases table while it is locked: the page streams the loading state first.
  await sql.query("begin");
  await sql.query("lock table user_course_purchases in access exclusive mode");
  await page.goto("/account", { waitUntil: "commit" });
  await expect(purchases.getByRole("status")).toHaveText("Loading your courses...");
  await expect(page.getByRole("form", { name: "Profile Details" })).toBeVisible();
  await sql.query("commit");

  const items = purchases.getByRole("listitem");
  await expect(items).toHaveCount(2);
  // Newest first.
  const newest = items.nth(0);
  const older = items.nth(1);
  await expect(newest.getByRole("heading", { name: pending.title })).toBeVisible();
  await expect(newest.getByRole("link", { name: pending.title })).toHaveAttribute("href", `/courses/${pending.slug}`);
  await expect(newest.getByText("Purchased on 2 November 2026")).toBeVisible();
  await expect(newest.locator("[data-tone]")).toHaveText("Status: pending");
  await expect(newest.locator("[data-tone]")).toHaveClass(/bg-orange-100/);
  await expect(newest.getByRole("link", { name: "View Receipt" })).toHaveCount(0);

  await expect(older.getByRole("link", { name: paid.title })).toHaveAttribute("href", `/courses/${paid.slug}`);
  await expect(older.getByText("Purchased on 1 October 2026")).toBeVisible();
  await expect(older.locator("[data-tone]")).toHaveText("Status: paid");
  await expect(older.locator("[data-tone]")).toHaveClass(/bg-green-100/);
  await expect(older.getByText(`${paid.description.slice(0, 100).trimEnd()}…`, { exact: true })).toBeVisible();
  await expect(older.getByRole("link", { name: "View Course" })).toHaveAttribute("href", `/courses/${paid.slug}`);
  const receipt = older.getByRole("link", { name: /View Receipt/ });
  await expect(receipt).toHaveAttribute("href", "https://pay.stripe.com/receipts/acct_test/rcpt_1");
  await expect(receipt).toHaveAttribute("target", "_blank");
  if (paid.image_url) await expect(older.locator("img")).toHaveAttribute("src", paid.image_url);

  // Another person's purchases never show here.
  const other = await signedInOn(browser, second, "someone-else");
  await expect(other.page.getByRole("region", { name: "My Purchased Courses" }).getByText("You have not purchased any courses yet.")).toBeVisible();
  await other.context.close();

  // When the purchases cannot be read, the section says so and the rest of the page still works.
  await sql.query("alter table user_course_purchases rename to user_course_purchases_away");
  try {
    await page.reload();
    await expect(purchases.getByRole("alert")).toContainText("Error loading courses: Something went wrong on our side. Please try again shortly.");
    await expect(page.getByText("Error fetching purchased courses: Something went wrong on our side. Please try again shortly.")).toBeVisible();
    await expect(page.getByRole("form", { name: "Profile Details" }).getByLabel("First Name")).toHaveValue(account.firstName);
  } finally {
    await sql.query("alter table user_course_purchases_away rename to user_course_purchases");
  }
  await page.reload();
  await expect(items).toHaveCount(2);
  await context.close();
});

test("a person without a profile row is told so, with the email filled in, and saving creates the row", async ({ browser }) => {
  const { context, page, account } = await signedInOn(browser, second, "no-profile");
  await sql.query("delete from profiles where id = $1", [account.id]);

  await page.reload();
  const form = page.getByRole("form", { name: "Profile Details" });
  await expect(page.getByText("Profile data not found. It might be created shortly.")).toBeVisible();
  await expect(form.getByLabel("Email Address")).toHaveValue(account.email);
  await expect(form.getByLabel("First Name")).toHaveValue("");

  await form.getByLabel("First Name").fill("Noor");
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated successfully!")).toBeVisible();
  const { rows } = await sql.query<{ first_name: string; email_address: string }>("select first_name, email_address from profiles where id = $1", [account.id]);
  expect(rows).toEqual([{ first_name: "Noor", email_address: account.email }]);
  await context.close();
});

test("when the database fails mid-way, sign-up and login say so in the spec's words and leave nothing half-made", async ({ browser }) => {
  const existing = await signedInOn(browser, first, "db-failure-login");
  await existing.context.close();
  const context = await browser.newContext({ baseURL: first.url });
  const page = await context.newPage();
  const email = uniqueEmail("db-failure");
  // The password accounts table goes missing: the user row written before it must not stay.
  await sql.query("alter table accounts rename to accounts_away");
  try {
    await page.goto("/auth?view=sign_up");
    const signUp = page.getByRole("form", { name: "Create Account" });
    await signUp.getByLabel("First Name").fill("Lena");
    await signUp.getByLabel("Last Name").fill("Fischer");
    await signUp.getByLabel(/^Email/).fill(email);
    await signUp.getByLabel(/^Password/).fill("failure-password-1");
    await signUp.getByLabel("Confirm Password").fill("failure-password-1");
    await signUp.getByRole("button", { name: "Create Account & Get £100 Off" }).click();
    await expect(signUp.getByText("An unexpected error occurred during sign up.")).toBeVisible();

    await page.getByRole("tab", { name: "Login" }).click();
    const login = page.getByRole("form", { name: "Login" });
    await login.getByLabel("Email").fill(existing.account.email);
    await login.getByLabel("Password").fill(existing.account.password);
    await login.getByRole("button", { name: "Login" }).click();
    await expect(login.getByText("An unexpected error occurred during login.")).toBeVisible();
  } finally {
    await sql.query("alter table accounts_away rename to accounts");
  }
  const { rows } = await sql.query("select 1 from users where email = $1", [email]);
  expect(rows).toHaveLength(0);
  const { rows: mail } = await sql.query("select 1 from email_outbox where to_address = $1", [email]);
  expect(mail).toHaveLength(0);
  // The failures were logged, without the statements' parameters (password hashes) or the passwords.
  expect(first.output()).toMatch(/"level":"error","msg":"Unexpected sign up failure".*"error":"query failed/);
  expect(first.output()).not.toContain("params:");
  expect(first.output()).not.toContain(existing.account.password);
  expect(first.output()).not.toContain("failure-password-1");
  await context.close();
});

test("a booking made as a guest with the person's email joins their account when they first sign in, once", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: first.url });
  const page = await context.newPage();
  const account: TestAccount = { firstName: "Sara", lastName: "Nasser", email: uniqueEmail("guest-buyer"), password: "guest-password-1" };
  const {
    rows: [course],
  } = await sql.query<{ id: string; title: string }>("select id, title from courses order by start_date nulls last limit 1");
  await sql.query(
    `insert into user_course_purchases (user_id, course_id, customer_email, status, receipt_url, amount_subtotal, amount_total, currency, stripe_session_id)
     values (null, $1, $2, 'paid', null, 150000, 150000, 'gbp', $3)`,
    [course.id, account.email.toUpperCase(), `cs_test_${randomBytes(6).toString("hex")}`],
  );

  let claims = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/functions/claim-guest-purchases")) claims++;
  });
  await signUpThroughUi(page, context.request, account);
  await expect(page.getByText("1 earlier booking added to your account.")).toBeVisible();
  const purchases = page.getByRole("region", { name: "My Purchased Courses" });
  await expect(purchases.getByRole("link", { name: course.title, exact: true })).toBeVisible();

  // Once per browser session: reloading does not ask again.
  await page.reload();
  await expect(purchases.getByRole("link", { name: course.title, exact: true })).toBeVisible();
  expect(claims).toBe(1);
  const { rows } = await sql.query("select 1 from user_course_purchases p join users u on u.id = p.user_id where u.email = $1", [account.email]);
  expect(rows).toHaveLength(1);
  await context.close();
});

test("fifty concurrent checkouts across both instances for an edition with two places: two holds, and 48 told every place is held at checkout", async () => {
  const edition = await fixturesOf(first.url).edition({ offeringKey: "sinus-grafting", startDate: "2031-05-14", capacity: 2 });
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, index) => {
      const instance = index % 2 === 0 ? first : second;
      return fetch(`${instance.url}/api/v2/create-checkout-session`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: instance.url },
        body: JSON.stringify({ priceId: "price_sinus_grafting", courseId: edition.id, userId: null }),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as { error?: string; sessionId?: string } }));
    }),
  );
  expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
  const refused = answers.filter((answer) => answer.status !== 200);
  expect(refused).toHaveLength(48);
  for (const answer of refused) expect(answer).toEqual({ status: 409, body: { error: CHECKOUT_REFUSALS.heldAtCheckout } });
  const { rows } = await sql.query("select 1 from seat_holds where course_id = $1 and status = 'open'", [edition.id]);
  expect(rows).toHaveLength(2);
});

test("the same payment event ten times, out of order and split across both instances, makes one purchase and one email", async () => {
  const edition = await fixturesOf(first.url).edition({ offeringKey: "sinus-grafting", startDate: "2031-06-18", capacity: 3 });
  const started = (await fetch(`${first.url}/api/v2/create-checkout-session`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: first.url },
    body: JSON.stringify({ courseId: edition.id }),
  }).then((response) => response.json())) as { sessionId: string };
  const {
    rows: [hold],
  } = await sql.query<{ id: string }>("select id from seat_holds where checkout_session_id = $1", [started.sessionId]);
  const email = uniqueEmail("webhook-twice");
  const secret = localWebhookSecret(instanceEnv.BETTER_AUTH_SECRET);
  const session = { id: started.sessionId, holdId: hold.id, courseId: edition.id, email };
  const completed = signedEvent("checkout.session.completed", checkoutSessionObject(session), { secret });
  const expired = signedEvent("checkout.session.expired", checkoutSessionObject({ ...session, status: "expired", paymentStatus: "unpaid" }), { secret });
  const deliveries = [expired, ...Array.from({ length: 10 }, () => completed), expired].map((delivery, index) =>
    fetch(`${(index % 2 === 0 ? first : second).url}/api/stripe/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": delivery.signature },
      body: delivery.payload,
    }).then((response) => response.status),
  );
  expect(await Promise.all(deliveries)).toEqual(Array.from({ length: 12 }, () => 200));
  const { rows: purchases } = await sql.query("select status from user_course_purchases where stripe_session_id = $1", [started.sessionId]);
  expect(purchases).toEqual([{ status: "paid" }]);
  const { rows: mail } = await sql.query("select 1 from email_outbox where to_address = $1 and template = 'booking-confirmation'", [email]);
  expect(mail).toHaveLength(1);
});

test("/booking streams 'Loading courses...', then the cards; says when there are none, and shows an alert when they cannot be read", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: second.url });
  const page = await context.newPage();

  // The cards wait for the holds table while the test holds it locked: the page streams its loading state first.
  await sql.query("begin");
  await sql.query("lock table seat_holds in access exclusive mode");
  await page.goto("/booking", { waitUntil: "commit" });
  await expect(page.getByRole("status").filter({ hasText: "Loading courses..." })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Book a Course" })).toBeVisible();
  await sql.query("commit");
  await expect(page.getByRole("button", { name: /^Book Now/ }).first()).toBeVisible();

  const { rows: active } = await sql.query<{ id: string }>("update courses set is_active = false where is_active returning id");
  try {
    // In main: for a moment React's streamed copy of the boundary can still sit in its hidden holder at the end of the body.
    await reloadUntilShown(page, page.getByRole("main").getByText("No courses available at the moment. Please check back later."));
  } finally {
    await sql.query("update courses set is_active = true where id = any($1)", [active.map((row) => row.id)]);
  }

  // A change PostgreSQL announces to nobody: only the read failing tells the server.
  await sql.query("alter table courses rename column end_date to end_date_away");
  try {
    await reloadUntilShown(page, page.getByRole("alert").filter({ hasText: "Failed to fetch courses." }));
  } finally {
    await sql.query("alter table courses rename column end_date_away to end_date");
  }
  // The failure was not kept in the page cache: the next visit reads the courses again.
  await page.reload();
  await expect(page.getByRole("button", { name: /^Book Now/ }).first()).toBeVisible();
  await context.close();
});

test("the schedule says when nothing is scheduled and when it cannot be read, and the next visitor gets a fresh try", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: second.url });
  const page = await context.newPage();
  await page.goto("/upcoming-events");
  await expect(page.getByRole("list", { name: "Upcoming courses" })).toBeVisible();

  const { rows: active } = await sql.query<{ id: string }>("update courses set is_active = false where is_active returning id");
  try {
    await reloadUntilShown(page, page.getByText("No upcoming courses scheduled at the moment."));
  } finally {
    await sql.query("update courses set is_active = true where id = any($1)", [active.map((row) => row.id)]);
  }

  // A change PostgreSQL announces to nobody: only the read failing tells the server.
  await sql.query("alter table courses rename column end_date to end_date_away");
  const admin = await fixturesOf(second.url).person({ admin: true, firstName: "Staff" });
  const staff = await browser.newContext({ baseURL: second.url });
  try {
    const box = page.getByRole("alert").filter({ hasText: "Error loading schedule" });
    const answer = await reloadUntilShown(page, box);
    await expect(box).toContainText("An unknown error occurred.");
    await expect(page.getByRole("heading", { level: 1, name: "Upcoming Courses and Events" })).toBeVisible();
    // Neither this server's page cache nor a CDN keeps the failure for the next visitor.
    expect(answer?.headers()["cache-control"]).toBe("no-store");

    await signInAs(staff, admin, second.url);
    const dashboard = await staff.newPage();
    await dashboard.goto("/admin");
    await expect(dashboard.getByRole("alert").filter({ hasText: "Failed to load scheduled courses." })).toBeVisible();
    await expect(dashboard.getByRole("button", { name: "Schedule course" })).toBeVisible();
  } finally {
    await sql.query("alter table courses rename column end_date_away to end_date");
    await staff.close();
  }
  const answer = await page.reload();
  await expect(page.getByRole("list", { name: "Upcoming courses" })).toBeVisible();
  expect(answer?.headers()["x-cache"]).not.toBe("HIT");
  await context.close();
});

test("when the profile cannot be read, the account page says so in a toast and still shows the rest", async ({ browser }) => {
  const { context, page, account } = await signedInOn(browser, first, "profile-failure");
  await sql.query("alter table profiles rename to profiles_away");
  try {
    await page.reload();
    await expect(page.getByText("Error fetching profile: Something went wrong on our side. Please try again shortly.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Profile Details" }).getByText(account.email, { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "My Purchased Courses" }).getByText("You have not purchased any courses yet.")).toBeVisible();
  } finally {
    await sql.query("alter table profiles_away rename to profiles");
  }
  await context.close();
});
