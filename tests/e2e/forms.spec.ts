import type { Browser, Locator, Page } from "@playwright/test";

import { expect, holdPageCode, holdRequests, test } from "./fixtures";
import { extractLinks, latestEmailTo } from "./mailbox";

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Makes the endpoint answer as given from now on: a status with a body, or a network failure. */
async function answerWith(page: Page, path: string, answer: { status: number; json?: unknown; html?: string } | "network-failure") {
  await page.unroute(`**${path}`);
  await page.route(`**${path}`, (route) =>
    answer === "network-failure"
      ? route.abort()
      : route.fulfill({
          status: answer.status,
          contentType: answer.json ? "application/json" : "text/html",
          body: answer.json ? JSON.stringify(answer.json) : (answer.html ?? ""),
        }),
  );
}

/** Answers the endpoint with a success, counting the requests it gets. */
async function countRequests(page: Page, path: string) {
  const sent: string[] = [];
  await page.route(`**${path}`, (route) => {
    sent.push(route.request().postData() ?? "");
    return route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ message: "Done." }) });
  });
  return sent;
}

/** The control is marked invalid and described by the form's message. */
async function expectAtFault(control: Locator, message: string) {
  await expect(control).toHaveAttribute("aria-invalid", "true");
  await expect(control).toHaveAccessibleDescription(message);
  // Seen too: outlined in red (Tailwind's red-600), focused or not.
  await expect(control).toHaveCSS("border-top-color", RED_600);
}

async function expectNotAtFault(control: Locator) {
  await expect(control).not.toHaveAttribute("aria-invalid");
  await expect(control).toHaveAccessibleDescription("");
  await expect(control).not.toHaveCSS("border-top-color", RED_600);
}

const RED_600 = "oklch(0.577 0.245 27.325)";

test("a field's hint describes it: the sign-up password's", async ({ page }) => {
  await page.goto("/auth?view=sign_up");
  await expect(page.getByRole("form", { name: "Create Account" }).getByLabel(/^Password/)).toHaveAccessibleDescription("Minimum 6 characters.");
});

test.describe("newsletter signup", () => {
  const path = "/api/v2/v2-subscribe-newsletter";
  const form = (page: Page) => page.getByRole("form", { name: "Newsletter signup" });

  test("validates before sending, marking the field at fault", async ({ page }) => {
    await page.goto("/");
    const [name, email] = [form(page).getByLabel("Name (optional)"), form(page).getByLabel("Email address")];
    await form(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(form(page).getByRole("alert")).toHaveText("Email address is required.");
    await expectAtFault(email, "Email address is required.");
    await expectNotAtFault(name);
    await email.fill("not-an-email");
    await form(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(form(page).getByRole("alert")).toHaveText("Invalid email format.");
    await expectAtFault(email, "Invalid email format.");
    await name.fill("www.example.com");
    await email.fill(unique("news.fault"));
    await form(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(form(page).getByRole("alert")).toHaveText("Please enter a name without a web address.");
    await expectAtFault(name, "Please enter a name without a web address.");
    await expectNotAtFault(email);
    await expect(name).toHaveAttribute("maxlength", "80");
  });

  test("subscribes: busy state, success toast, cleared fields, and the confirmation email's link", async ({ page, request }) => {
    const email = unique("news");
    await page.goto("/");
    await form(page).getByLabel("Name (optional)").fill("Dr Nadia Rahman");
    await form(page).getByLabel("Email address").fill(`  ${email}  `);
    const release = await holdRequests(page, `**${path}`);
    await form(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(form(page).getByRole("button", { name: "Subscribing..." })).toBeDisabled();
    await expect(form(page).getByLabel("Email address")).toBeDisabled();
    await expect(form(page).getByLabel("Name (optional)")).toBeDisabled();
    release();
    await expect(page.getByText("Successfully subscribed to the newsletter! Please check your inbox to confirm your subscription.")).toBeVisible();
    await expect(form(page).getByLabel("Email address")).toHaveValue("");
    await expect(form(page).getByLabel("Name (optional)")).toHaveValue("");

    const mail = await latestEmailTo(request, email, { template: "newsletter-confirmation" });
    const confirm = extractLinks(mail.text).find((link) => link.includes("/newsletter/confirm"));
    await page.goto(new URL(confirm!).pathname + new URL(confirm!).search);
    // Opening the link asks first, so a link scanner that opens it confirms nobody; the token leaves the address bar.
    await expect(page.getByRole("heading", { name: "Confirm your subscription" })).toBeVisible();
    await expect(page).toHaveURL(/\/newsletter\/confirm$/);
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByRole("heading", { name: "Subscription confirmed" })).toBeVisible();

    // The link works once; used again, it says that one who confirmed with it has nothing more to do.
    await page.goto(new URL(confirm!).pathname + new URL(confirm!).search);
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
    await expect(page.getByText("If you confirmed your subscription with it, it has done its work and there is nothing more to do")).toBeVisible();

    // Subscribing again once confirmed gets the same answer as a new address.
    await page.goto("/");
    await form(page).getByLabel("Email address").fill(email);
    await form(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Successfully subscribed to the newsletter! Please check your inbox to confirm your subscription.")).toBeVisible();
  });

  test("confirms from the link's page without scripts (off, or not loaded yet)", async ({ page, request, browser, baseURL }) => {
    const email = unique("no.scripts");
    await page.goto("/");
    await form(page).getByLabel("Email address").fill(email);
    await form(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Successfully subscribed to the newsletter! Please check your inbox to confirm your subscription.")).toBeVisible();
    const mail = await latestEmailTo(request, email, { template: "newsletter-confirmation" });
    const confirm = extractLinks(mail.text).find((link) => link.includes("/newsletter/confirm"))!;
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const noScripts = await context.newPage();
      await noScripts.goto(new URL(confirm).pathname + new URL(confirm).search);
      await noScripts.getByRole("button", { name: "Confirm subscription" }).click();
      await expect(noScripts.getByRole("heading", { name: "Subscription confirmed" })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test("sends one request for a double-click", async ({ page }) => {
    await page.goto("/");
    await form(page).getByLabel("Email address").fill(unique("news-twice"));
    const sent = await countRequests(page, path);
    await form(page).getByRole("button", { name: "Subscribe" }).dblclick();
    await expect(page.locator("[data-sonner-toast]").getByText("Done.")).toBeVisible();
    await expect(form(page).getByLabel("Email address")).toHaveValue("");
    expect(sent).toHaveLength(1);
  });

  test("unsubscribes from the link in the email", async ({ page, request }) => {
    const email = unique("leaver");
    await page.goto("/");
    await form(page).getByLabel("Email address").fill(email);
    await form(page).getByRole("button", { name: "Subscribe" }).click();
    const mail = await latestEmailTo(request, email, { template: "newsletter-confirmation" });
    const unsubscribe = extractLinks(mail.text).find((link) => link.includes("/newsletter/unsubscribe"));
    await page.goto(new URL(unsubscribe!).pathname + new URL(unsubscribe!).search);
    await expect(page).toHaveURL(/\/newsletter\/unsubscribe$/);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { name: "You have been unsubscribed" })).toBeVisible();
  });

  test("shows the server's error, the fallback, and the generic message", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/Failed to load resource|ERR_FAILED/);
    await page.goto("/");
    await answerWith(page, path, { status: 500, json: { error: "The mail service is down." } });
    await form(page).getByLabel("Email address").fill(unique("fail"));
    await form(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(form(page).getByRole("alert")).toHaveText("The mail service is down.");
    await expect(page.locator("[data-sonner-toast]").getByText("The mail service is down.")).toBeVisible();

    await answerWith(page, path, { status: 502, html: "<h1>Bad gateway</h1>" });
    await form(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(form(page).getByRole("alert")).toHaveText("Failed to subscribe. Please try again.");

    await answerWith(page, path, "network-failure");
    await form(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(form(page).getByRole("alert")).toHaveText("An unexpected error occurred.");
    // The visitor's input is kept for another try.
    await expect(form(page).getByLabel("Email address")).not.toHaveValue("");
  });
});

test.describe("register interest", () => {
  const path = "/api/register-interest";
  const form = (page: Page) => page.getByRole("form", { name: "Register your interest" });
  const required = "Please fill in your name, email, and select at least one course.";

  test("validates: every field required, a course chosen, a valid email", async ({ page }) => {
    await page.goto("/courses#register-interest");
    await expect(form(page).getByLabel("Full Name")).toHaveAttribute("required", "");
    await expect(form(page).getByLabel("Email Address")).toHaveAttribute("required", "");
    await expect(form(page).getByLabel("Full Name")).toHaveAttribute("maxlength", "80");
    await form(page).getByRole("button", { name: "Register Interest" }).click();
    await expect(form(page).getByRole("alert")).toHaveText(required);
    await expect(form(page).getByRole("alert")).toHaveClass(/text-red-600/);
    await expect(page.locator("[data-sonner-toast]").getByText("Error registering interest:")).toBeVisible();
    // Every field the message is about is marked, the courses as a group.
    const [name, email, courses] = [form(page).getByLabel("Full Name"), form(page).getByLabel("Email Address"), form(page).getByRole("group")];
    await expectAtFault(name, required);
    await expectAtFault(email, required);
    await expect(courses).toHaveAccessibleDescription(required);
    await expect(courses.getByRole("checkbox", { name: "Sinus Grafting" })).toHaveAttribute("aria-invalid", "true");

    await name.fill("Dr Omar Haddad");
    await email.fill("omar@example.com");
    await form(page).getByRole("button", { name: "Register Interest" }).click();
    await expect(form(page).getByRole("alert")).toHaveText(required);
    await expectNotAtFault(name);
    await expectNotAtFault(email);
    await expect(courses).toHaveAccessibleDescription(required);

    await form(page).getByLabel("Sinus Grafting").check();
    await email.fill("omar@example");
    await form(page).getByRole("button", { name: "Register Interest" }).click();
    await expect(form(page).getByRole("alert")).toHaveText("Please enter a valid email address.");
    await expectAtFault(email, "Please enter a valid email address.");
    await expectNotAtFault(name);
    await expect(courses).not.toHaveAttribute("aria-describedby");
    await expect(courses.getByRole("checkbox", { name: "Sinus Grafting" })).not.toHaveAttribute("aria-invalid");
  });

  test("registers: busy, top-centre success toast, cleared fields, then home after 2 s", async ({ page, request }) => {
    const email = unique("interest");
    // The page's clock runs only when the test says: the checks below are made before the 2 s are up, however slow the machine.
    await page.clock.install();
    await page.goto("/courses#register-interest");
    await form(page).getByLabel("Full Name").fill("Dr Lina Park");
    await form(page).getByLabel("Email Address").fill(email);
    await form(page).getByLabel("Level 2 - Ultimate Full Arch Live Course").check();
    await form(page).getByLabel("Hard and Soft Tissue Grafting Course").check();
    const release = await holdRequests(page, `**${path}`);
    await form(page).getByRole("button", { name: "Register Interest" }).click();
    await expect(form(page).getByRole("button", { name: "Submitting..." })).toBeDisabled();
    release();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Thank you! Your interest has been registered." });
    await expect(toast).toBeVisible();
    // Their address confirms by email before it hears of new dates.
    await expect(toast).toContainText("Please check your inbox to confirm, so we can tell you about new dates.");
    // The visitor stays to read the toast before going home.
    expect(new URL(page.url()).pathname).toBe("/courses");
    await expect(page.locator("[data-sonner-toaster]").filter({ has: toast })).toHaveAttribute("data-y-position", "top");
    await expect(page.locator("[data-sonner-toaster]").filter({ has: toast })).toHaveAttribute("data-x-position", "center");
    await expect(form(page).getByLabel("Full Name")).toHaveValue("");
    await expect(form(page).getByLabel("Email Address")).toHaveValue("");
    await expect(form(page).getByLabel("Level 2 - Ultimate Full Arch Live Course")).not.toBeChecked();
    await page.clock.runFor(1_900);
    expect(new URL(page.url()).pathname).toBe("/courses");
    await page.clock.runFor(100);
    await expect(page).toHaveURL(/\/$/);

    // This registration's, by its address: the staff mailbox also gets other tests' registrations meanwhile.
    const mail = await latestEmailTo(request, "info@globalimplantinstitute.com", { template: "interest-notification", containing: email });
    expect(mail.text).toContain("Hard and Soft Tissue Grafting Course");

    // The address hears about new dates once it confirms, on the page the emailed link opens.
    const ask = await latestEmailTo(request, email, { template: "interest-confirmation" });
    const confirm = new URL(extractLinks(ask.text).find((link) => link.includes("/interest/confirm"))!);
    await page.goto(confirm.pathname + confirm.search);
    await expect(page.getByRole("heading", { name: "Confirm your interest" })).toBeVisible();
    await expect(page).toHaveURL(/\/interest\/confirm$/);
    await page.getByRole("button", { name: "Confirm my interest" }).click();
    await expect(page.getByRole("heading", { name: "Interest confirmed" })).toBeVisible();
    await expect(page.getByText("Thank you. We will email you when new dates are scheduled for the courses you chose.")).toBeVisible();
  });

  test("sends one request for a double-click", async ({ page }) => {
    await page.goto("/courses#register-interest");
    await form(page).getByLabel("Full Name").fill("Dr Lina Park");
    await form(page).getByLabel("Email Address").fill(unique("interest-twice"));
    await form(page).getByLabel("Sinus Grafting").check();
    const sent = await countRequests(page, path);
    await form(page).getByRole("button", { name: "Register Interest" }).dblclick();
    await expect(page.locator("[data-sonner-toast]").getByText("Thank you! Your interest has been registered.")).toBeVisible();
    await expect(form(page).getByLabel("Full Name")).toHaveValue("");
    expect(sent).toHaveLength(1);
  });

  test("shows the server's error inline and as a toast, the fallback, and the generic message", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/Failed to load resource|ERR_FAILED/);
    await page.goto("/courses#register-interest");
    await form(page).getByLabel("Full Name").fill("Dr Lina Park");
    await form(page).getByLabel("Email Address").fill(unique("interest-fail"));
    await form(page).getByLabel("Sinus Grafting").check();

    await answerWith(page, path, { status: 500, json: { error: "Registrations are paused." } });
    await form(page).getByRole("button", { name: "Register Interest" }).click();
    await expect(form(page).getByRole("alert")).toHaveText("Registrations are paused.");
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Error registering interest:" });
    await expect(toast).toContainText("Registrations are paused.");

    await answerWith(page, path, { status: 503 });
    await form(page).getByRole("button", { name: "Register Interest" }).click();
    await expect(form(page).getByRole("alert")).toHaveText("Failed to register interest.");

    await answerWith(page, path, "network-failure");
    await form(page).getByRole("button", { name: "Register Interest" }).click();
    await expect(form(page).getByRole("alert")).toHaveText("An unexpected error occurred.");
    await expect(page).toHaveURL(/\/courses/);
  });
});

test.describe("contact form", () => {
  const path = "/api/v2/v2-send-contact-email";
  const form = (page: Page) => page.getByRole("form", { name: "Send us a message" });

  async function fill(page: Page, values: { name: string; email: string; subject: string; message: string }) {
    await form(page).getByLabel("Full Name").fill(values.name);
    await form(page).getByLabel("Email Address").fill(values.email);
    await form(page).getByLabel("Subject").fill(values.subject);
    await form(page).getByLabel("Message").fill(values.message);
  }

  test("validates: all fields required after trimming, and a valid email", async ({ page }) => {
    await page.goto("/contact");
    const field = (label: string) => form(page).getByLabel(label);
    await form(page).getByRole("button", { name: "Send Message" }).click();
    await expect(form(page).getByRole("alert")).toHaveText("All fields are required.");
    for (const label of ["Full Name", "Email Address", "Subject", "Message"]) await expectAtFault(field(label), "All fields are required.");
    await fill(page, { name: "Dr A", email: "a@example.com", subject: "   ", message: "Hello" });
    await form(page).getByRole("button", { name: "Send Message" }).click();
    await expect(form(page).getByRole("alert")).toHaveText("All fields are required.");
    await expectAtFault(field("Subject"), "All fields are required.");
    for (const label of ["Full Name", "Email Address", "Message"]) await expectNotAtFault(field(label));
    await fill(page, { name: "Dr A", email: "a@example", subject: "Dates", message: "Hello" });
    await form(page).getByRole("button", { name: "Send Message" }).click();
    await expect(form(page).getByRole("alert")).toHaveText("Invalid email format.");
    await expectAtFault(field("Email Address"), "Invalid email format.");
    await expectNotAtFault(field("Subject"));
    // The name input stops where the server's limit does.
    await expect(form(page).getByLabel("Full Name")).toHaveAttribute("maxlength", "80");
  });

  test("sends: inputs disabled while sending, success toast, all four fields cleared, staff emailed", async ({ page, request }) => {
    const email = unique("contact");
    await page.goto("/contact");
    await fill(page, {
      name: "Dr Maya Chen",
      email,
      subject: "Level 3 availability",
      message: "Is there space in the next edition? <script>alert(1)</script>",
    });
    const release = await holdRequests(page, `**${path}`);
    await form(page).getByRole("button", { name: "Send Message" }).click();
    await expect(form(page).getByRole("button", { name: "Sending..." })).toBeDisabled();
    for (const label of ["Full Name", "Email Address", "Subject", "Message"]) await expect(form(page).getByLabel(label)).toBeDisabled();
    release();
    await expect(page.getByText("Your message has been sent successfully!")).toBeVisible();
    for (const label of ["Full Name", "Email Address", "Subject", "Message"]) await expect(form(page).getByLabel(label)).toHaveValue("");

    // This message's, found by the sender's address it names: the staff mailbox also gets other tests' messages meanwhile.
    const mail = await latestEmailTo(request, "info@globalimplantinstitute.com", { template: "contact-notification", containing: email });
    expect(mail.text).toContain("<script>alert(1)</script>");
    expect(mail.html).not.toContain("<script>alert(1)</script>");
  });

  test("sends one request for a double-click", async ({ page }) => {
    await page.goto("/contact");
    await fill(page, { name: "Dr Maya Chen", email: unique("contact-twice"), subject: "Dates", message: "Hello" });
    const sent = await countRequests(page, path);
    await form(page).getByRole("button", { name: "Send Message" }).dblclick();
    await expect(page.locator("[data-sonner-toast]").getByText("Done.")).toBeVisible();
    await expect(form(page).getByLabel("Subject")).toHaveValue("");
    expect(sent).toHaveLength(1);
  });

  test("a double-click whose second press comes after a fast answer emptied the form says nothing more: no refusal of the empty form", async ({ page }) => {
    await page.goto("/contact");
    await fill(page, { name: "Dr Maya Chen", email: unique("contact-fast"), subject: "Dates", message: "Hello" });
    const sent = await countRequests(page, path);
    const answered = page.waitForResponse((response) => response.url().endsWith(path));
    await form(page).getByRole("button", { name: "Send Message" }).click();
    await answered;
    await expect(form(page).getByLabel("Subject")).toHaveValue("");
    await form(page).getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("[data-sonner-toast]").getByText("Done.")).toBeVisible();
    await expect(form(page).getByRole("alert")).toHaveCount(0);
    await expect(page.locator("[data-sonner-toast]").getByText("All fields are required.")).toHaveCount(0);
    expect(sent).toHaveLength(1);
    // A press after the double-click's moment is the sender's own: checked as ever.
    await page.waitForTimeout(600);
    await form(page).getByRole("button", { name: "Send Message" }).click();
    await expect(form(page).getByRole("alert")).toHaveText("All fields are required.");
  });

  test("shows the server's error, the fallback, and a thrown error's message", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/Failed to load resource|ERR_FAILED/);
    await page.goto("/contact");
    await fill(page, { name: "Dr A", email: unique("contact-fail"), subject: "Hi", message: "Hello" });

    await answerWith(page, path, { status: 500, json: { error: "Our inbox is full." } });
    await form(page).getByRole("button", { name: "Send Message" }).click();
    await expect(form(page).getByRole("alert")).toHaveText("Our inbox is full.");

    await answerWith(page, path, { status: 500 });
    await form(page).getByRole("button", { name: "Send Message" }).click();
    await expect(form(page).getByRole("alert")).toHaveText("Failed to send message. Please try again.");

    await answerWith(page, path, "network-failure");
    await form(page).getByRole("button", { name: "Send Message" }).click();
    await expect(form(page).getByRole("alert")).toHaveText("Failed to fetch");
    await expect(form(page).getByLabel("Message")).toHaveValue("Hello");
  });
});

test.describe("what a visitor types before the page's code arrives is kept when it hydrates, and sent", () => {
  test("register interest: the name, email and courses chosen", async ({ page }) => {
    const hydrate = await holdPageCode(page);
    await page.goto("/courses#register-interest", { waitUntil: "commit" });
    const form = page.getByRole("form", { name: "Register your interest" });
    await form.getByLabel("Full Name").fill("Dr Early Typist");
    await form.getByLabel("Email Address").fill(unique("early-interest"));
    await form.getByLabel("Sinus Grafting").check();
    await hydrate();
    await expect(form.getByLabel("Full Name")).toHaveValue("Dr Early Typist");
    await expect(form.getByLabel("Sinus Grafting")).toBeChecked();
    await form.getByRole("button", { name: "Register Interest" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Thank you! Your interest has been registered." })).toBeVisible();
  });

  test("contact: all four fields", async ({ page }) => {
    const hydrate = await holdPageCode(page);
    await page.goto("/contact", { waitUntil: "commit" });
    const form = page.getByRole("form", { name: "Send us a message" });
    await form.getByLabel("Full Name").fill("Dr Early Typist");
    await form.getByLabel("Email Address").fill(unique("early-contact"));
    await form.getByLabel("Subject").fill("Typed early");
    await form.getByLabel("Message").fill("Before the page's code had arrived.");
    await hydrate();
    await expect(form.getByLabel("Subject")).toHaveValue("Typed early");
    await expect(form.getByLabel("Message")).toHaveValue("Before the page's code had arrived.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Your message has been sent successfully!")).toBeVisible();
    for (const label of ["Full Name", "Email Address", "Subject", "Message"]) await expect(form.getByLabel(label)).toHaveValue("");
  });
});

test.describe("without scripts (off, or the form's code not loaded), each form posts to its page", () => {
  const withoutScripts = async (browser: Browser, baseURL: string | undefined, journey: (page: Page) => Promise<void>) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      await journey(await context.newPage());
    } finally {
      await context.close();
    }
  };
  /** Nothing typed reaches the address bar (or the history): a form posted as a GET would put it there. */
  const expectNothingTypedInAddress = (page: Page, typed: string[]) => {
    const address = decodeURIComponent(page.url()).replaceAll("+", " ");
    for (const value of typed) expect(address).not.toContain(value);
    // React Router's own mark of an index route's action, and nothing else.
    expect([...new URL(page.url()).searchParams.keys()].filter((key) => key !== "index")).toEqual([]);
  };

  test("newsletter: spec 5's message with the address kept, then the success message and the confirmation email", async ({ browser, baseURL, request }) => {
    const email = unique("news.no.scripts");
    await withoutScripts(browser, baseURL, async (page) => {
      const form = page.getByRole("form", { name: "Newsletter signup" });
      await page.goto("/");
      await form.getByRole("button", { name: "Subscribe" }).click();
      await expect(form.getByRole("alert")).toHaveText("Email address is required.");
      await form.getByLabel("Name (optional)").fill("Dr Ines Moreau");
      await form.getByLabel("Email address").fill("ines-at-example");
      await form.getByRole("button", { name: "Subscribe" }).click();
      await expect(form.getByRole("alert")).toHaveText("Invalid email format.");
      await expect(form.getByLabel("Email address")).toHaveValue("ines-at-example");
      await expect(form.getByLabel("Name (optional)")).toHaveValue("Dr Ines Moreau");
      expectNothingTypedInAddress(page, ["ines-at-example", "Dr Ines Moreau"]);

      await form.getByLabel("Email address").fill(email);
      await form.getByRole("button", { name: "Subscribe" }).click();
      await expect(form.getByRole("status")).toHaveText("Successfully subscribed to the newsletter! Please check your inbox to confirm your subscription.");
      await expect(form.getByRole("alert")).toHaveCount(0);
      await expect(form.getByLabel("Email address")).toHaveValue("");
      expect(new URL(page.url()).pathname).toBe("/");
      expectNothingTypedInAddress(page, [email, "Dr Ines Moreau"]);
    });
    await latestEmailTo(request, email, { template: "newsletter-confirmation" });
  });

  test("register interest: spec 5's message with what was typed kept, then the success message and the emails", async ({ browser, baseURL, request }) => {
    const email = unique("interest.no.scripts");
    await withoutScripts(browser, baseURL, async (page) => {
      const form = page.getByRole("form", { name: "Register your interest" });
      await page.goto("/courses#register-interest");
      await form.getByRole("button", { name: "Register Interest" }).click();
      await expect(form.getByRole("alert")).toHaveText("Please fill in your name, email, and select at least one course.");
      await form.getByLabel("Full Name").fill("Dr Tomas Varga");
      await form.getByLabel("Email Address").fill(email);
      await form.getByRole("button", { name: "Register Interest" }).click();
      await expect(form.getByRole("alert")).toHaveText("Please fill in your name, email, and select at least one course.");
      await expect(form.getByLabel("Full Name")).toHaveValue("Dr Tomas Varga");
      await expect(form.getByLabel("Email Address")).toHaveValue(email);
      expectNothingTypedInAddress(page, [email, "Dr Tomas Varga"]);

      await form.getByLabel("Sinus Grafting").check();
      await form.getByRole("button", { name: "Register Interest" }).click();
      await expect(form.getByRole("status")).toHaveText(
        "Thank you! Your interest has been registered. Please check your inbox to confirm, so we can tell you about new dates.",
      );
      await expect(form.getByLabel("Full Name")).toHaveValue("");
      await expect(form.getByLabel("Sinus Grafting")).not.toBeChecked();
      expect(new URL(page.url()).pathname).toBe("/courses");
      expectNothingTypedInAddress(page, [email, "Dr Tomas Varga", "Sinus Grafting"]);
    });
    await latestEmailTo(request, email, { template: "interest-confirmation" });
    await latestEmailTo(request, "info@globalimplantinstitute.com", { template: "interest-notification", containing: email });
  });

  test("contact: spec 5's message with what was typed kept, then the success message and staff emailed", async ({ browser, baseURL, request }) => {
    const email = unique("contact.no.scripts");
    await withoutScripts(browser, baseURL, async (page) => {
      const form = page.getByRole("form", { name: "Send us a message" });
      await page.goto("/contact");
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(form.getByRole("alert")).toHaveText("All fields are required.");
      await form.getByLabel("Full Name").fill("Dr Sara Lind");
      await form.getByLabel("Email Address").fill(email);
      await form.getByLabel("Subject").fill("Secret subject");
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(form.getByRole("alert")).toHaveText("All fields are required.");
      // The page marks the field the message is about, as the form's own check does.
      await expectAtFault(form.getByLabel("Message"), "All fields are required.");
      await expectNotAtFault(form.getByLabel("Subject"));
      await expect(form.getByLabel("Subject")).toHaveValue("Secret subject");
      await expect(form.getByLabel("Email Address")).toHaveValue(email);
      expectNothingTypedInAddress(page, [email, "Secret subject", "Dr Sara Lind"]);

      await form.getByLabel("Message").fill("My private message");
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(form.getByRole("status")).toHaveText("Your message has been sent successfully!");
      for (const label of ["Full Name", "Email Address", "Subject", "Message"]) await expect(form.getByLabel(label)).toHaveValue("");
      expect(new URL(page.url()).pathname).toBe("/contact");
      expectNothingTypedInAddress(page, [email, "Secret subject", "My private message"]);
    });
    const mail = await latestEmailTo(request, "info@globalimplantinstitute.com", { template: "contact-notification", containing: email });
    expect(mail.text).toContain("My private message");
  });
});

test.describe("form endpoints over HTTP", () => {
  test("answer bad input with 400 and the spec's message, never 500", async ({ request, baseURL }) => {
    // As a script calls them (no Origin, no cookie: docs/decisions/0012) and as the site's own pages do (their Origin).
    for (const headers of [{}, { Origin: new URL(baseURL!).origin }] as Record<string, string>[]) {
      const cases: [string, unknown, string][] = [
        ["/api/v2/v2-subscribe-newsletter", {}, "Email address is required."],
        [
          "/api/register-interest",
          { name: "A", email: "a@example.com", interestedCourses: ["Nope"] },
          "Please fill in your name, email, and select at least one course.",
        ],
        ["/api/v2/v2-send-contact-email", { name: "A" }, "All fields are required."],
      ];
      for (const [path, data, error] of cases) {
        const response = await request.post(path, { data, headers });
        expect(response.status(), path).toBe(400);
        expect(await response.json()).toEqual({ error });
      }
      const notJson = await request.post("/api/v2/v2-send-contact-email", { data: "{{{", headers: { ...headers, "Content-Type": "application/json" } });
      expect(notJson.status()).toBe(400);
    }
    // A call with a cookie could be a browser's on another site's behalf: it needs the site's Origin.
    const withCookie = await request.post("/api/v2/v2-subscribe-newsletter", { data: {}, headers: { Cookie: "gii.session_token=someone" } });
    expect(withCookie.status()).toBe(403);
    const get = await request.get("/api/register-interest");
    expect(get.status()).toBe(405);
  });

  test("refuse a 1 MB body with 413", async ({ request }) => {
    const response = await request.post("/api/v2/v2-subscribe-newsletter", { data: { email: "x".repeat(1024 * 1024) } });
    expect(response.status()).toBe(413);
    expect(await response.json()).toEqual({ error: "Request body too large." });
  });
});
