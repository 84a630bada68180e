import { expect, test } from "./fixtures";

test.describe("contact page", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/contact");
  });

  test("has the heading band, the Connect With card and the Send Us a Message card", async ({ page }) => {
    await expect(page).toHaveTitle("Contact Us | Global Implant Institute");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    const connect = page.getByRole("region", { name: "Connect With Global Implant Institute" });
    await expect(connect).toBeVisible();
    const message = page.getByRole("region", { name: "Send Us a Message" });
    await expect(message).toBeVisible();
    for (const field of ["Full Name", "Email Address", "Subject", "Message"]) {
      await expect(message.getByRole("textbox", { name: field, exact: true })).toBeVisible();
    }
    await expect(message.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  test("offers the general-inquiries email as a mailto link", async ({ page }) => {
    const connect = page.getByRole("region", { name: "Connect With Global Implant Institute" });
    await expect(connect).toContainText("General Inquiries");
    await expect(connect.getByRole("link", { name: "info@globalimplantinstitute.com" })).toHaveAttribute("href", "mailto:info@globalimplantinstitute.com");
  });

  test("Course Bookings leads to /courses", async ({ page }) => {
    const connect = page.getByRole("region", { name: "Connect With Global Implant Institute" });
    await connect.getByRole("link", { name: "Course Bookings" }).click();
    await expect(page).toHaveURL(/\/courses$/);
  });

  test("shows the Dubai address and the 24-48 business hours reply promise", async ({ page }) => {
    const connect = page.getByRole("region", { name: "Connect With Global Implant Institute" });
    await expect(connect).toContainText("Building 27, Block C, Ground Floor");
    await expect(connect).toContainText("Dubai Healthcare City");
    await expect(connect).toContainText("We reply to every message within 24-48 business hours.");
  });

  test("stacks the cards on phones and sets them side by side on wide screens", { tag: "@phone" }, async ({ page }) => {
    const connect = await page.getByRole("region", { name: "Connect With Global Implant Institute" }).boundingBox();
    const message = await page.getByRole("region", { name: "Send Us a Message" }).boundingBox();
    expect(connect && message).toBeTruthy();
    const width = page.viewportSize()?.width ?? 0;
    if (width < 1024) {
      expect(message!.y).toBeGreaterThanOrEqual(connect!.y + connect!.height);
    } else {
      expect(message!.x).toBeGreaterThanOrEqual(connect!.x + connect!.width);
      expect(Math.abs(message!.y - connect!.y)).toBeLessThan(2);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("describes the institute's contact point for search engines", async ({ page }) => {
    const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
    const contactPage = scripts.map((text) => JSON.parse(text)).find((data) => data["@type"] === "ContactPage");
    expect(contactPage?.mainEntity?.contactPoint).toMatchObject({
      "@type": "ContactPoint",
      email: "info@globalimplantinstitute.com",
    });
    expect(contactPage?.url).toMatch(/^https?:\/\/[^/]+\/contact$/);
  });
});
