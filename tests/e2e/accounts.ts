import type { APIRequestContext, Page } from "@playwright/test";

import type { Person } from "../support/people";
import { expect, signInAs, test as base } from "./fixtures";
import { extractLinks, latestEmailTo } from "./mailbox";

export interface TestAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export { uniqueEmail } from "../support/people";

/** Fills in and sends the Create Account form of /auth, and waits for its "check your email". */
export async function submitSignUpForm(page: Page, account: TestAccount) {
  await page.goto("/auth?view=sign_up");
  const form = page.getByRole("form", { name: "Create Account" });
  await form.getByLabel("First Name").fill(account.firstName);
  await form.getByLabel("Last Name").fill(account.lastName);
  await form.getByLabel(/^Email/).fill(account.email);
  await form.getByLabel(/^Password/).fill(account.password);
  await form.getByLabel("Confirm Password").fill(account.password);
  await form.getByRole("button", { name: "Create Account & Get £100 Off" }).click();
  await expect(form.getByText("Sign up successful! Please check your email to confirm your account.")).toBeVisible();
}

/** The link in the newest confirmation email to the address, from the built-in mailbox. */
export async function confirmationLinkTo(request: APIRequestContext, email: string): Promise<string> {
  const mail = await latestEmailTo(request, email, { template: "verify-email" });
  const link = extractLinks(mail.text).find((url) => url.includes("/auth/confirm?token="));
  if (!link) throw new Error(`No verification link in the email to ${email}`);
  return link;
}

/**
 * Signs a new person up through /auth, then opens the verification link from
 * the built-in mailbox and confirms on its page, which signs them in and lands on /account.
 */
export async function signUpThroughUi(page: Page, request: APIRequestContext, account: TestAccount) {
  await submitSignUpForm(page, account);
  await page.goto(await confirmationLinkTo(request, account.email));
  // The shell claims guest purchases once on arrival; waiting for it keeps tests that end the session from racing it.
  const claimed = page.waitForResponse((response) => response.url().endsWith("/api/functions/claim-guest-purchases"));
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Confirm and log in" }).click();
  await claimed;
  await expect(page).toHaveURL(/\/account(\?|$)/);
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
}

/** Logs in through the /auth login form and waits for /account. */
export async function logInThroughUi(page: Page, email: string, password: string) {
  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Login" }).click();
}

/** Opens /account, waiting for the shell's once-per-session claim of guest purchases so that no test races it. */
export async function openAccount(page: Page) {
  const claimed = page.waitForResponse((response) => response.url().endsWith("/api/functions/claim-guest-purchases"));
  await page.goto("/account");
  await claimed;
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
}

export const test = base.extend<{ account: Person }>({
  /** A person of their own for each test, made verified (with sign-up's default of the marketing box ticked) and signed in on `page` at /account. */
  account: async ({ page, context, data, baseURL }, use) => {
    const person = await data.person({ firstName: "Amelia", lastName: "Hart", marketing: true });
    await signInAs(context, person, baseURL!);
    await openAccount(page);
    await use(person);
  },
});

export { expect };
