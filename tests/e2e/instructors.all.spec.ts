import { INSTRUCTORS } from "~/content/instructors";

import { expect, test } from "./fixtures";

test.describe("instructors page", () => {
  test("shows two instructor cards in order, each with photo, name, title and biography", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/instructors");
    await expect(page).toHaveTitle("Our Instructors | Global Implant Institute");
    await expect(page.getByRole("heading", { level: 1, name: "Our Instructors" })).toBeVisible();

    const cards = page.getByTestId("instructor-card");
    await expect(cards).toHaveCount(2);
    await expect(cards.getByRole("heading", { level: 2 })).toHaveText([INSTRUCTORS[0].name, INSTRUCTORS[1].name]);

    for (const [index, instructor] of INSTRUCTORS.entries()) {
      const card = cards.nth(index);
      await card.scrollIntoViewIfNeeded();
      await expect(card.getByText(instructor.title)).toBeVisible();
      for (const paragraph of instructor.bio) await expect(card.getByText(paragraph)).toBeVisible();
      const photo = card.getByRole("img", { name: instructor.photoAlt });
      await expect(photo).toHaveAttribute("width", /\d+/);
      await expect(photo).toHaveAttribute("height", /\d+/);
      await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    }
  });

  test("'Back to Homepage' lands on the home page's instructors section and scrolls to it", async ({ page }) => {
    await page.goto("/instructors");
    await page.getByRole("link", { name: "Back to Homepage" }).click();
    await expect(page).toHaveURL(/\/#instructors$/);
    const section = page.locator("#instructors");
    await expect(section).toBeInViewport();
    await expect(section.getByRole("heading", { level: 2 })).toBeInViewport();
    // The smooth scroll settles with the section's top just under the fixed header.
    await expect
      .poll(
        async () => {
          const top = await section.evaluate((element) => element.getBoundingClientRect().top);
          return top >= 0 && top < 120;
        },
        { timeout: 5_000 },
      )
      .toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  });
});
