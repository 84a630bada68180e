import type { Locator, Page } from "@playwright/test";

import { NO_ANSWER_MESSAGE } from "~/lib/connection-lost";
import { ACCOUNT_CHANGED_MESSAGE } from "~/lib/schemas/profile";
import { SERVICE_UNAVAILABLE_MESSAGE } from "~/server/http/service-unavailable.server";

import { expect, logInThroughUi, test } from "./accounts";
import { holdPageCode, holdRequests, hydrated, logOutFromHeader, OFFLINE_CONSOLE_ERRORS, signInAs } from "./fixtures";

const profileForm = (page: Page) => page.getByRole("form", { name: "Profile Details" });
const passwordForm = (page: Page) => page.getByRole("form", { name: "Update Password" });
const marketingSwitch = (page: Page) => page.getByRole("switch", { name: "Receive emails about new courses and upcoming events" });

/** The route's action, posted to by the profile and password forms (React Router's data requests). */
const ACCOUNT_ACTION = /\/account\.data(\?|$)/;
const PREFERENCES = "**/api/v2/v2-update-user-preferences";

async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(select).toHaveText(option);
}

test("an anonymous visitor is sent to /auth and told to log in, once", async ({ page }) => {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/auth\?notice=login-required$/);
  await expect(page.getByRole("status").filter({ hasText: "Please log in to view your account." })).toBeVisible();
  await expect(page.getByRole("form", { name: "Login" })).toBeVisible();
  // Said above the form, and not again in a toast once the page is live. Counted once, not awaited: a toast shows
  // within a moment of hydration and leaves after four seconds, which a retrying assertion would wait for.
  await hydrated(page);
  await page.waitForTimeout(1_000);
  expect(await page.getByText("Please log in to view your account.").count()).toBe(1);
});

test("shows the account: email, joined date, the profile from sign-up, the marketing choice and no purchases yet", async ({ page, account }) => {
  await expect(page).toHaveTitle("My Account | Global Implant Institute");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  const details = page.getByRole("region", { name: "Profile Details" });
  await expect(details.getByText(account.email, { exact: true })).toBeVisible();
  const today = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" }).format(new Date());
  await expect(details.getByText(today)).toBeVisible();

  const form = profileForm(page);
  await expect(form.getByLabel("First Name")).toHaveValue(account.firstName);
  await expect(form.getByLabel("Last Name")).toHaveValue(account.lastName);
  await expect(form.getByLabel("Email Address")).toHaveValue(account.email);
  // It is not the login's address, and says so.
  await expect(form.getByLabel("Email Address")).toHaveAccessibleDescription("Where we write to you about your courses. You log in with your account email.");
  await expect(form.getByLabel("Instagram Profile")).toHaveAttribute("placeholder", "@username or profile URL");
  await expect(form.getByLabel("Country Code")).toHaveText("Select code");
  await expect(form.getByLabel("Country of Residence")).toHaveText("Select country");
  await expect(page.getByText("Profile data not found. It might be created shortly.")).toHaveCount(0);

  // The fixture's account ticked the marketing box, as sign-up does by default.
  await expect(marketingSwitch(page)).toBeChecked();

  const purchases = page.getByRole("region", { name: "My Purchased Courses" });
  await expect(purchases.getByText("You have not purchased any courses yet.")).toBeVisible();
  await expect(purchases.getByRole("link", { name: "Browse courses" })).toHaveAttribute("href", "/courses");
});

test("checks every profile rule in the browser, as the person types, and saves nothing invalid", async ({ page, account: _account }) => {
  const form = profileForm(page);
  const save = form.getByRole("button", { name: "Save Changes" });
  const expectProblem = async (field: string, message: string) => {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
    await expect(form.getByLabel(field)).toHaveAttribute("aria-invalid", "true");
  };
  let saves = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && ACCOUNT_ACTION.test(request.url())) saves++;
  });

  await form.getByLabel("First Name").fill("  ");
  await form.getByLabel("Last Name").fill("");
  await save.click();
  await expectProblem("First Name", "First name or last name must be provided.");
  await expect(page.locator("[data-sonner-toast]").getByText("First name or last name must be provided.", { exact: true })).toBeVisible();
  // After the first try, the form re-checks as the person types.
  await form.getByLabel("Last Name").fill("Hart");
  await expect(form.getByText("First name or last name must be provided.")).toHaveCount(0);

  await form.getByLabel("Mobile Number").fill("7700900123");
  await expectProblem("Country Code", "Please enter a mobile number with the country code.");
  await save.click();
  await expect(page.locator("[data-sonner-toast]").getByText("Please enter a mobile number with the country code.", { exact: true })).toBeVisible();

  await choose(page, form.getByLabel("Country Code"), "+44");
  await form.getByLabel("Mobile Number").fill("");
  await expectProblem("Mobile Number", "Please select a country code for your mobile number.");

  for (const number of ["7700-900", "12345", "1234567890123456"]) {
    await form.getByLabel("Mobile Number").fill(number);
    await expectProblem("Mobile Number", "Mobile number should contain 6-15 digits only.");
  }
  await form.getByLabel("Mobile Number").fill("7700900123");
  await expect(form.getByText("Mobile number should contain 6-15 digits only.")).toHaveCount(0);

  await form.getByLabel("Email Address").fill("amelia@clinic");
  await expectProblem("Email Address", "Please enter a valid email address.");
  await form.getByLabel("Email Address").fill("amelia@clinic.example");

  for (const handle of ["@dr-amelia", "https://facebook.com/amelia", "@"]) {
    await form.getByLabel("Instagram Profile").fill(handle);
    await expectProblem("Instagram Profile", "Please enter a valid Instagram username (@username) or URL.");
  }
  await save.click();
  await expect(page.locator("[data-sonner-toast]").getByText("Please enter a valid Instagram username (@username) or URL.", { exact: true })).toBeVisible();

  expect(saves).toBe(0);
  await page.reload();
  await expect(profileForm(page).getByLabel("Mobile Number")).toHaveValue("");
  await expect(profileForm(page).getByLabel("Instagram Profile")).toHaveValue("");
});

test("saves the profile (trimmed, with a busy state) and it is still there after a reload", async ({ page, account: _account }) => {
  const form = profileForm(page);
  await form.getByLabel("First Name").fill("  Amelia Rose ");
  await form.getByLabel("Last Name").fill(" Hart");
  await form.getByLabel("Email Address").fill(" amelia.hart@clinic.example ");
  await choose(page, form.getByLabel("Country Code"), "+971");
  await form.getByLabel("Mobile Number").fill(" 501234567 ");
  await choose(page, form.getByLabel("Country of Residence"), "United Arab Emirates");
  await form.getByLabel("Instagram Profile").fill("https://www.instagram.com/dr.amelia_hart/");

  const release = await holdRequests(page, ACCOUNT_ACTION);
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(form.getByRole("button", { name: "Saving..." })).toBeDisabled();
  await expect(form.getByLabel("First Name")).toBeDisabled();
  release();
  await expect(page.getByText("Profile updated successfully!")).toBeVisible();
  await expect(form.getByLabel("First Name")).toHaveValue("Amelia Rose");
  await expect(form.getByRole("button", { name: "Save Changes" })).toBeEnabled();

  await page.unrouteAll();
  await page.reload();
  const reloaded = profileForm(page);
  await expect(reloaded.getByLabel("First Name")).toHaveValue("Amelia Rose");
  await expect(reloaded.getByLabel("Last Name")).toHaveValue("Hart");
  await expect(reloaded.getByLabel("Email Address")).toHaveValue("amelia.hart@clinic.example");
  await expect(reloaded.getByLabel("Country Code")).toHaveText("+971");
  await expect(reloaded.getByLabel("Mobile Number")).toHaveValue("501234567");
  await expect(reloaded.getByLabel("Country of Residence")).toHaveText("United Arab Emirates");
  await expect(reloaded.getByLabel("Instagram Profile")).toHaveValue("https://www.instagram.com/dr.amelia_hart/");

  // Clearing the mobile number and its code together is allowed.
  await choose(page, reloaded.getByLabel("Country Code"), "Select code");
  await reloaded.getByLabel("Mobile Number").fill("");
  await reloaded.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated successfully!").first()).toBeVisible();
  await page.reload();
  await expect(profileForm(page).getByLabel("Country Code")).toHaveText("Select code");
  await expect(profileForm(page).getByLabel("Mobile Number")).toHaveValue("");
});

test("changes the password; after logging out, only the new password logs in", async ({ page, account, allowConsoleErrors }) => {
  // The browser reports the refused login with the old password.
  allowConsoleErrors(/Failed to load resource: the server responded with a status of 4\d\d/);
  const form = passwordForm(page);
  const update = form.getByRole("button", { name: "Update Password" });

  await form.getByLabel("New Password", { exact: true }).fill("second-password-2");
  await form.getByLabel("Confirm New Password").fill("second-password-3");
  await update.click();
  await expect(form.getByText("New passwords do not match.", { exact: true })).toBeVisible();
  await expect(page.locator("[data-sonner-toast]").getByText("New passwords do not match.", { exact: true })).toBeVisible();

  await form.getByLabel("New Password", { exact: true }).fill("abc12");
  await form.getByLabel("Confirm New Password").fill("abc12");
  await expect(form.getByText("Password should be at least 6 characters.", { exact: true })).toBeVisible();
  await update.click();
  await expect(page.locator("[data-sonner-toast]").getByText("Password should be at least 6 characters.", { exact: true })).toBeVisible();

  await form.getByLabel("New Password", { exact: true }).fill("second-password-2");
  await form.getByLabel("Confirm New Password").fill("second-password-2");
  const release = await holdRequests(page, ACCOUNT_ACTION);
  await update.click();
  await expect(form.getByRole("button", { name: "Updating..." })).toBeDisabled();
  release();
  await expect(page.getByText("Password updated successfully!")).toBeVisible();
  await expect(form.getByLabel("New Password", { exact: true })).toHaveValue("");
  await expect(form.getByLabel("Confirm New Password")).toHaveValue("");
  await page.unrouteAll();

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("You have been logged out.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Login / Sign Up" }).first()).toBeVisible();
  // Leaving the account page by logging out is no visit to it signed out: no "please log in" notice.
  // Counted after a moment rather than awaited to vanish: that notice would come within it, and leave by itself later.
  await page.waitForTimeout(1_500);
  expect(await page.locator("[data-sonner-toast]").allTextContents()).not.toContain("Please log in to view your account.");

  await logInThroughUi(page, account.email, account.password);
  await expect(page.getByRole("form", { name: "Login" }).getByRole("alert")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await logInThroughUi(page, account.email, "second-password-2");
  await expect(page).toHaveURL(/\/account$/);
  await expect(profileForm(page).getByLabel("First Name")).toHaveValue(account.firstName);
});

test("a guest booking made after logging out is claimed when the dentist logs in again in the same tab", async ({ page, account, data }) => {
  await logOutFromHeader(page);
  // Booked without signing in, with the account's address, in the tab that was signed in a moment ago.
  const startDate = await data.farDay({});
  const edition = await data.edition({ offeringKey: "sinus-grafting", startDate, capacity: 4 });
  await data.purchase({ courseId: edition.id, status: "paid", userId: null, customerEmail: account.email });

  const claimed = page.waitForResponse((response) => response.url().endsWith("/api/functions/claim-guest-purchases"));
  await logInThroughUi(page, account.email, account.password);
  expect(await (await claimed).json()).toEqual({ claimed_count: 1 });
  await expect(page).toHaveURL(/\/account$/);
  const purchases = page.getByRole("region", { name: "My Purchased Courses" });
  await expect(purchases.getByRole("link", { name: "Sinus Grafting" }).first()).toBeVisible();
  await data.removeEditions({ ids: [edition.id] });
});

test("the marketing switch saves at once and keeps its new state", async ({ page, account: _account }) => {
  await expect(marketingSwitch(page)).toBeChecked();
  await marketingSwitch(page).click();
  await expect(marketingSwitch(page)).not.toBeChecked();
  await expect(page.getByText("Marketing preferences updated successfully!")).toBeVisible();
  await page.reload();
  await expect(marketingSwitch(page)).not.toBeChecked();

  await marketingSwitch(page).click();
  await expect(marketingSwitch(page)).toBeChecked();
  await expect(page.getByText("Marketing preferences updated successfully!").first()).toBeVisible();
  await page.reload();
  await expect(marketingSwitch(page)).toBeChecked();

  // Switched off and on again at once: each outcome replaces the last one's toast, never a stack of the same words.
  await marketingSwitch(page).click();
  await expect(page.getByText("Marketing preferences updated successfully!")).toBeVisible();
  await marketingSwitch(page).click();
  await expect(marketingSwitch(page)).toBeChecked();
  await expect(marketingSwitch(page)).toBeEnabled();
  await expect(page.getByText("Marketing preferences updated successfully!")).toHaveCount(1);
});

test("the page's first toast is said in a live region the page had from its HTML, so a screen reader knows to read it", async ({ page, account: _account }) => {
  // The live regions there are once the HTML has been read, before any of the page's scripts has run.
  await page.addInitScript(() =>
    document.addEventListener("readystatechange", () => {
      if (document.readyState !== "interactive") return;
      for (const region of document.querySelectorAll("[aria-live]")) region.setAttribute("data-in-html", "");
    }),
  );
  await page.reload();
  await hydrated(page);
  await marketingSwitch(page).click();
  await expect(page.locator('[aria-live="polite"][data-in-html]').getByText("Marketing preferences updated successfully!")).toBeVisible();
});

test("the marketing switch moves at once and goes back when the change fails", async ({ page, account: _account, allowConsoleErrors }) => {
  allowConsoleErrors(/Failed to load resource: the server responded with a status of (500|400)/);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(PREFERENCES, async (route) => {
    await released;
    await route.fulfill({ status: 500, contentType: "text/html", body: "<h1>Bad gateway</h1>" });
  });
  await marketingSwitch(page).click();
  // Optimistic: the switch shows the new value while the call is under way.
  await expect(marketingSwitch(page)).not.toBeChecked();
  await expect(marketingSwitch(page)).toBeDisabled();
  release();
  await expect(page.getByText("Error updating preferences: Failed to update marketing preferences.")).toBeVisible();
  await expect(marketingSwitch(page)).toBeChecked();

  await page.unroute(PREFERENCES);
  await page.route(PREFERENCES, (route) => route.fulfill({ status: 400, json: { error: "Please try again later." } }));
  await marketingSwitch(page).click();
  await expect(page.getByText("Error updating preferences: Please try again later.")).toBeVisible();
  await expect(marketingSwitch(page)).toBeChecked();

  // Nothing was stored.
  await page.unroute(PREFERENCES);
  await page.reload();
  await expect(marketingSwitch(page)).toBeChecked();
});

test("when the session has ended, saving says so and goes to login", async ({ page, context, account: _account, allowConsoleErrors }) => {
  allowConsoleErrors(/Failed to load resource: the server responded with a status of 401/);
  await context.clearCookies();
  // Holds the login page's data, so the page can be seen saying where it is going.
  const release = await holdRequests(page, /\/auth\.data(\?|$)/);
  await profileForm(page).getByLabel("First Name").fill("Someone Else");
  await profileForm(page).getByRole("button", { name: "Save Changes" }).click();
  await expect(page.locator("[data-sonner-toast]").getByText("You must be logged in to update your profile.", { exact: true })).toBeVisible();
  await expect(profileForm(page).getByRole("status")).toHaveText("Redirecting to login...");
  release();
  await expect(page).toHaveURL(/\/auth\?notice=login-required$/);
  await expect(page.getByRole("status").filter({ hasText: "Please log in to view your account." }).first()).toBeVisible();
});

test("when the session has ended, a password change fails in spec 8's words and goes to login", async ({
  page,
  context,
  account: _account,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/Failed to load resource: the server responded with a status of 401/);
  await context.clearCookies();
  const form = passwordForm(page);
  await form.getByLabel("New Password", { exact: true }).fill("ended-pass-1");
  await form.getByLabel("Confirm New Password").fill("ended-pass-1");
  await form.getByRole("button", { name: "Update Password" }).click();
  await expect(
    page.locator("[data-sonner-toast]").getByText("Error updating password: You must be logged in to update your password.", { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?notice=login-required$/);
});

test("a save or a logout whose request is lost says so in spec 8's words, and the page and what was typed stay", async ({
  page,
  account: _account,
  allowConsoleErrors,
}) => {
  // Spec 8: the failed logout is also logged, as 'Error signing out'.
  allowConsoleErrors(/Failed to load resource|ERR_FAILED|ERR_INTERNET_DISCONNECTED|^Error signing out/);
  await page.route(ACCOUNT_ACTION, (route) => route.abort("internetdisconnected"));
  const profile = profileForm(page);
  await profile.getByLabel("First Name").fill("Amira");
  await profile.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText(/^Error updating profile: \S/)).toBeVisible();
  await expect(profile.getByLabel("First Name")).toHaveValue("Amira");

  const password = passwordForm(page);
  await password.getByLabel("New Password", { exact: true }).fill("lost-pass-1");
  await password.getByLabel("Confirm New Password").fill("lost-pass-1");
  await password.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText(/^Error updating password: \S/)).toBeVisible();

  await page.route("**/auth/logout*", (route) => route.abort("internetdisconnected"));
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("Logout failed. Please try again.")).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
});

test("a save the server cannot take for now (503: its database is down) says so in spec 8's words, and what was typed stays", async ({
  page,
  account: _account,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 503/);
  // The server's own answer to a form's post while its database is down (serviceUnavailableResponse).
  await page.route(ACCOUNT_ACTION, (route) =>
    route.fulfill({ status: 503, contentType: "text/plain; charset=utf-8", headers: { "Retry-After": "30" }, body: SERVICE_UNAVAILABLE_MESSAGE }),
  );
  const profile = profileForm(page);
  await profile.getByLabel("First Name").fill("Amira");
  await profile.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText(`Error updating profile: ${SERVICE_UNAVAILABLE_MESSAGE}`).first()).toBeVisible();
  await expect(profile.getByLabel("First Name")).toHaveValue("Amira");
  await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
});

test("a proxy's error page in place of the answer (502 while the app restarts) says the site did not answer, and what was typed stays", async ({
  page,
  account: _account,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 502/);
  await page.route(ACCOUNT_ACTION, (route) =>
    route.fulfill({ status: 502, contentType: "text/html", body: "<html><body><h1>502 Bad Gateway</h1></body></html>" }),
  );
  const profile = profileForm(page);
  await profile.getByLabel("First Name").fill("Amira");
  await profile.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText(`Error updating profile: ${NO_ANSWER_MESSAGE}`).first()).toBeVisible();
  await expect(profile.getByLabel("First Name")).toHaveValue("Amira");
  const password = passwordForm(page);
  await password.getByLabel("New Password", { exact: true }).fill("new-pass-502");
  await password.getByLabel("Confirm New Password").fill("new-pass-502");
  await password.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText(`Error updating password: ${NO_ANSWER_MESSAGE}`).first()).toBeVisible();
  await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
  await expect(page.getByText("502 Bad Gateway")).toHaveCount(0);
});

test("a toast asked for offline, before the page has shown any, waits for the connection and leaves the page as it is", async ({
  page,
  account: _account,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(OFFLINE_CONSOLE_ERRORS);
  allowConsoleErrors(/dynamically imported module/);
  await page.context().setOffline(true);
  const profile = profileForm(page);
  await profile.getByLabel("First Name").fill("Amira");
  await profile.getByRole("button", { name: "Save Changes" }).click();
  await expect(profile.getByRole("button", { name: "Save Changes" })).toBeEnabled();
  await expect(page.getByText(/Application Error/)).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
  await expect(profile.getByLabel("First Name")).toHaveValue("Amira");

  await page.context().setOffline(false);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: /^Error updating profile: \S/ })).toBeVisible();
  await expect(page.getByText(/Application Error/)).toHaveCount(0);
});

test("without scripts (off, or not loaded yet), the profile's and the password's answers are said on the page", async ({ browser, baseURL, data }) => {
  const person = await data.person({ firstName: "Amelia", lastName: "Hart" });
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    await signInAs(context, person, baseURL!);
    const noScripts = await context.newPage();
    await noScripts.goto("/account");
    const profile = profileForm(noScripts);
    await profile.getByLabel("First Name").fill("Amira");
    await profile.getByLabel("Mobile Number").fill("12345");
    await profile.getByRole("button", { name: "Save Changes" }).click();
    await expect(profile.getByText("Mobile number should contain 6-15 digits only.")).toBeVisible();
    await expect(profile.getByLabel("Mobile Number")).toHaveAttribute("aria-invalid", "true");
    await expect(profile.getByLabel("Mobile Number")).toHaveValue("12345");
    await expect(profile.getByLabel("First Name")).toHaveValue("Amira");

    // The country code is a select that needs scripts, so the number is left out.
    await profile.getByLabel("Mobile Number").fill("");
    await profile.getByRole("button", { name: "Save Changes" }).click();
    await expect(profile.getByRole("status")).toHaveText("Profile updated successfully!");
    await expect(profile.getByLabel("First Name")).toHaveValue("Amira");

    const password = passwordForm(noScripts);
    await password.getByLabel("New Password", { exact: true }).fill("changed-1");
    await password.getByLabel("Confirm New Password").fill("changed-2");
    await password.getByRole("button", { name: "Update Password" }).click();
    await expect(password.getByText("New passwords do not match.")).toBeVisible();
    await password.getByLabel("New Password", { exact: true }).fill("changed-1");
    await password.getByLabel("Confirm New Password").fill("changed-1");
    await password.getByRole("button", { name: "Update Password" }).click();
    await expect(password.getByRole("status")).toHaveText("Password updated successfully!");

    // A form posted once the session has ended goes to the login.
    await context.clearCookies();
    await profile.getByRole("button", { name: "Save Changes" }).click();
    await expect(noScripts).toHaveURL(/\/auth\?notice=login-required$/);
    await expect(noScripts.getByRole("status").filter({ hasText: "Please log in to view your account." })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("an emailed receipt's link, opened signed out, leads through the login to the receipt", async ({ page, account, data }) => {
  const startDate = await data.farDay({});
  const edition = await data.edition({ offeringKey: "sinus-grafting", startDate, capacity: 4 });
  const purchase = await data.purchase({ courseId: edition.id, status: "paid", userId: account.id, customerEmail: account.email });
  await logOutFromHeader(page);

  await page.goto(`/account/receipts/${purchase.id}`);
  await expect(page).toHaveURL(/\/auth\?notice=login-required&next=/);
  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(new RegExp(`/account/receipts/${purchase.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
  await data.removeEditions({ ids: [edition.id] });
});

test("a tab still showing one account changes nothing once someone else has signed in on another tab: it says so and shows theirs", async ({
  page,
  context,
  account,
  data,
  baseURL,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 409/);
  // A shared computer at a clinic: another dentist signs in on a second tab, replacing this browser's session.
  const other = await data.person({ firstName: "Ben", lastName: "Okafor", marketing: false });
  await signInAs(context, other, baseURL!);
  await hydrated(page);

  await profileForm(page).getByLabel("First Name").fill("Amelia-Changed");
  await profileForm(page).getByRole("button", { name: "Save Changes" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: ACCOUNT_CHANGED_MESSAGE })).toBeVisible();
  // The page now shows the account signed in, its forms as saved for it.
  const details = page.getByRole("region", { name: "Profile Details" });
  await expect(details.getByText(other.email, { exact: true })).toBeVisible();
  await expect(profileForm(page).getByLabel("First Name")).toHaveValue("Ben");
  await expect(details.getByText(account.email, { exact: true })).toHaveCount(0);
  await expect(marketingSwitch(page)).not.toBeChecked();
  // Ben's own change now goes through, to Ben.
  await profileForm(page).getByLabel("First Name").fill("Benjamin");
  await profileForm(page).getByRole("button", { name: "Save Changes" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Profile updated successfully!" })).toBeVisible();
  await page.reload();
  await expect(profileForm(page).getByLabel("First Name")).toHaveValue("Benjamin");
});

test("what is typed before the page's code has run stays once it has: the profile and the new password", async ({ page, account: _account }) => {
  const hydrate = await holdPageCode(page);
  await page.goto("/account", { waitUntil: "commit" });
  const profile = profileForm(page);
  await profile.getByLabel("First Name").fill("Typed-Early");
  await profile.getByLabel("Instagram Profile").fill("@typed_early");
  await passwordForm(page).getByLabel("New Password", { exact: true }).fill("typed-early-pass");
  await hydrate();
  await expect(profile.getByLabel("First Name")).toHaveValue("Typed-Early");
  await expect(profile.getByLabel("Instagram Profile")).toHaveValue("@typed_early");
  await expect(passwordForm(page).getByLabel("New Password", { exact: true })).toHaveValue("typed-early-pass");
  await profile.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Profile updated successfully!" })).toBeVisible();
  await page.reload();
  await expect(profileForm(page).getByLabel("First Name")).toHaveValue("Typed-Early");
  await expect(profileForm(page).getByLabel("Instagram Profile")).toHaveValue("@typed_early");
});
