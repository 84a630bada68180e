import { expect, test } from "./fixtures";

// Copy is written out here rather than imported from app/content/legal.ts, so an
// edit to the content that drops a spec fact fails these tests.

test.describe("terms and conditions", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/terms");
  });

  test("is dated April 29th, 2025 and links to the contact page", async ({ page }) => {
    await expect(page).toHaveTitle("Terms and Conditions | Global Implant Institute");
    await expect(page.getByRole("heading", { level: 1, name: "Terms and Conditions" })).toBeVisible();
    await expect(page.getByText("Last Updated: April 29th, 2025")).toBeVisible();
    const article = page.getByRole("article");
    const contactLinks = article.locator('a[href="/contact"]');
    expect(await contactLinks.count()).toBeGreaterThan(0);
    await contactLinks.first().click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  });

  test("states the booking rule: an offer, accepted on payment confirmation, confirmed on full payment or an approved instalment plan, then an email", async ({
    page,
  }) => {
    const booking = page.locator("section#booking");
    await expect(booking.getByRole("heading", { name: /Booking and confirmation/ })).toBeVisible();
    await expect(booking).toContainText("you make an offer to buy a place on the course");
    await expect(booking).toContainText("We accept your offer on successful payment confirmation");
    await expect(booking).toContainText(
      "Your booking is confirmed only on full payment, or on the successful start of an approved instalment plan. Once it is confirmed, we send you a confirmation email.",
    );
  });

  test("states the course, its £9,995 GBP fee, what fees include and exclude, the language and that prices may change", async ({ page }) => {
    const fees = page.locator("section#courses-and-fees");
    await expect(fees).toContainText(
      "Ultimate Full Arch Live Course - Dubai, at a course fee of £9,995 GBP, inclusive of the specified materials and accommodation",
    );
    for (const item of ["tuition", "implants", "materials", "food during the course", "hotel accommodation"]) {
      await expect(fees.getByRole("listitem").filter({ hasText: item })).toBeVisible();
    }
    await expect(fees).toContainText("Flights are not included");
    await expect(fees).toContainText("All courses are taught in English.");
    await expect(fees).toContainText("Prices may change before a booking is confirmed.");
  });

  test("names the payment methods and providers, with instalments as offered at checkout and no placeholder", async ({ page }) => {
    const payment = page.locator("section#payment");
    await expect(payment).toContainText("card payment provider, Stripe");
    await expect(payment).toContainText("You can pay with Visa, Mastercard, American Express, Apple Pay or Google Pay.");
    await expect(payment).toContainText("instalment provider, Klarna");
    await expect(payment).toContainText("as offered at checkout");
    const providers = page.locator("section#providers");
    await expect(providers).toContainText("for Visa, Mastercard, American Express, Apple Pay and Google Pay;");
    for (const provider of [
      "Stripe, our card payment provider",
      "Klarna, our instalment provider",
      "Resend, our email delivery provider",
      "Hetzner Online GmbH, our hosting provider",
    ]) {
      await expect(providers).toContainText(provider);
    }
    const body = (await page.getByRole("article").innerText()).toLowerCase();
    for (const leftover of ["[", "{", "placeholder", "lorem", "todo", "tbd", "x instalments"]) {
      expect(body, `unexpected "${leftover}" in the terms`).not.toContain(leftover);
    }
  });

  test("states the temporary licence, the certificate, and UAE law with the courts in Dubai", async ({ page }) => {
    await expect(page.locator("section#clinical-training")).toContainText("temporary licence to operate on live patients");
    await expect(page.locator("section#clinical-training")).toContainText("You receive a certificate on completion of the course.");
    const law = page.locator("section#governing-law");
    await expect(law).toContainText("governed by the laws of the United Arab Emirates");
    await expect(law).toContainText("the courts in Dubai have jurisdiction");
  });

  test("numbers its sections and the contents list jumps to them", { tag: "@phone" }, async ({ page }) => {
    await expect(page.getByRole("heading", { level: 2, name: "1. About us and these terms" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: /^\d+\. Governing law$/ })).toBeVisible();
    const contents = page.getByRole("navigation", { name: "Contents" });
    await contents.getByRole("link", { name: /Governing law/ }).click();
    await expect(page).toHaveURL(/\/terms#governing-law$/);
    await expect(page.locator("section#governing-law")).toBeInViewport();
  });
});

test.describe("privacy policy", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/privacy");
  });

  test("is dated April 29th, 2025 and links to the contact page", async ({ page }) => {
    await expect(page).toHaveTitle("Privacy Policy | Global Implant Institute");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await expect(page.getByText("Last Updated: April 29th, 2025")).toBeVisible();
    const rights = page.locator("section#your-rights");
    await rights.getByRole("link", { name: "contact page" }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("lists what is collected, with cookieless analytics that store no IP address", async ({ page }) => {
    const collected = page.locator("section#what-we-collect");
    for (const term of ["Account", "Profile", "Bookings", "Newsletter", "Course interest", "Contact messages", "Page views"]) {
      await expect(collected.getByRole("term").filter({ hasText: new RegExp(`^${term}:`) })).toBeVisible();
    }
    await expect(collected).toContainText("cookieless analytics");
    await expect(collected).toContainText("They store no IP address");
  });

  test("names the four processors", async ({ page }) => {
    const processors = page.locator("section#processors");
    for (const provider of [
      "Stripe (our card payment provider)",
      "Klarna (our instalment provider)",
      "Resend (our email delivery provider)",
      "Hetzner Online GmbH (our hosting provider)",
    ]) {
      await expect(processors).toContainText(provider);
    }
  });

  test("answers data-rights requests within one month and explains how to unsubscribe", async ({ page }) => {
    await expect(page.locator("section#your-rights")).toContainText("We reply within one month of receiving it.");
    const unsubscribe = page.locator("section#unsubscribe");
    await expect(unsubscribe.getByRole("heading", { name: /How to unsubscribe/ })).toBeVisible();
    await expect(unsubscribe).toContainText("unsubscribe link at the bottom of any newsletter or marketing email");
    await expect(unsubscribe.getByRole("link", { name: "account page" })).toHaveAttribute("href", "/account");
  });

  test("has a description for search results", async ({ page }) => {
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /personal data/);
  });
});
