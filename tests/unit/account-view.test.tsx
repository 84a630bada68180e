import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";

import { ProfileDetails } from "~/components/sections/account/profile-form";
import { NoPurchases, PurchasesError, PurchasesResultView } from "~/components/sections/account/purchased-courses";
import { COUNTRIES_OF_RESIDENCE, COUNTRY_CODES } from "~/content/account";
import { formatLongDate } from "~/lib/format";
import {
  isSuccessfulPurchase,
  previewDescription,
  PURCHASE_STATUSES,
  type PurchaseCard,
  purchaseCard,
  purchaseStatusTone,
  safeReceiptUrl,
} from "~/lib/purchases";
import { isInstagramProfile, profileFormValues } from "~/lib/schemas/profile";

/** Renders a component inside a router, as the account page does (links and fetchers need one). */
function render(element: React.ReactElement) {
  const Stub = createRoutesStub([{ path: "/account", Component: () => element }]);
  return renderToStaticMarkup(<Stub initialEntries={["/account"]} />);
}

describe("purchase display rules", () => {
  it("shows paid and complete as successful, every other known status pending-style", () => {
    expect(Object.fromEntries(PURCHASE_STATUSES.map((status) => [status, purchaseStatusTone(status)]))).toEqual({
      pending: "pending",
      paid: "success",
      complete: "success",
      refunded: "pending",
      canceled: "pending",
    });
    expect(PURCHASE_STATUSES.filter(isSuccessfulPurchase)).toEqual(["paid", "complete"]);
    expect(["completed", "Paid", ""].map(isSuccessfulPurchase)).toEqual([false, false, false]);
  });

  it("cuts a description at 100 characters", () => {
    expect(previewDescription("x".repeat(100))).toBe("x".repeat(100));
    expect(previewDescription("x".repeat(101))).toBe(`${"x".repeat(100)}…`);
    expect(previewDescription(`${"word ".repeat(20)}tail`)).toBe(`${"word ".repeat(20).trimEnd()}…`);
    expect(previewDescription(null)).toBe("");
  });

  it("offers a receipt link only for a web address", () => {
    expect(safeReceiptUrl("https://pay.stripe.com/receipts/x")).toBe("https://pay.stripe.com/receipts/x");
    expect(safeReceiptUrl("javascript:alert(1)")).toBeNull();
    expect(safeReceiptUrl("not a url")).toBeNull();
    expect(safeReceiptUrl(null)).toBeNull();
  });

  it("shapes a purchase row for the page", () => {
    const card = purchaseCard({
      id: "p1",
      purchaseDate: new Date("2026-06-30T23:30:00Z"),
      status: "paid",
      receiptUrl: "https://pay.stripe.com/receipts/x",
      course: {
        id: "c1",
        title: "Sinus Grafting",
        description: "d".repeat(120),
        imageUrl: "/media/img/sinus.webp",
        slug: "sinus-grafting",
        startDate: "2027-03-12",
        endDate: "2027-03-15",
        location: "London, United Kingdom",
      },
    });
    expect(card).toEqual({
      id: "p1",
      title: "Sinus Grafting",
      courseHref: "/courses/sinus-grafting",
      imageUrl: "/media/img/sinus.webp",
      dates: "March 12th - 15th, 2027",
      location: "London, United Kingdom",
      purchasedOn: "2026-06-30T23:30:00.000Z",
      status: "paid",
      tone: "success",
      refunded: null,
      description: `${"d".repeat(100)}…`,
      receiptUrl: "https://pay.stripe.com/receipts/x",
    });
    // Dates read in London time, the same on the server and in the browser.
    expect(formatLongDate(card.purchasedOn)).toBe("1 July 2026");
    // The administrators' test product has no course page: its title leads to the catalogue.
    const test = purchaseCard({
      ...card,
      purchaseDate: new Date(),
      course: { id: "t", title: "Test Product", description: null, imageUrl: null, slug: "test-product", listed: false },
    });
    expect(test.courseHref).toBe("/courses");
    // A purchase of a course with no dates (the test product) names none.
    expect({ dates: test.dates, location: test.location }).toEqual({ dates: null, location: null });
    // A booking cancelled with a part refund says how much came back, in pounds.
    const row = {
      id: "p3",
      purchaseDate: new Date(),
      receiptUrl: null,
      course: { id: "c1", title: "Level 2", description: null, imageUrl: null, slug: "level-2" },
    };
    expect(purchaseCard({ ...row, status: "canceled", amountRefunded: 1_000_000 }).refunded).toBe("£10,000");
    expect(purchaseCard({ ...row, status: "paid", amountRefunded: 0 }).refunded).toBeNull();
  });
});

describe("account form options and values", () => {
  it("lists the spec's 27 country codes and 38 countries ending with Other", () => {
    expect(COUNTRY_CODES).toHaveLength(27);
    expect(new Set(COUNTRY_CODES).size).toBe(27);
    expect(COUNTRY_CODES.slice(0, 3)).toEqual(["+1", "+44", "+49"]);
    expect(COUNTRY_CODES.at(-1)).toBe("+27");
    expect(COUNTRIES_OF_RESIDENCE).toHaveLength(38);
    expect(new Set(COUNTRIES_OF_RESIDENCE).size).toBe(38);
    expect(COUNTRIES_OF_RESIDENCE.at(-1)).toBe("Other");
  });

  it("recognises Instagram handles and profile URLs", () => {
    for (const good of [
      "a",
      "@dr.amelia_hart",
      "https://instagram.com/dr.amelia",
      "https://www.instagram.com/dr.amelia/",
      "instagram.com/dr.amelia?igsh=abc",
    ]) {
      expect(isInstagramProfile(good), good).toBe(true);
    }
    for (const bad of ["@", "dr amelia", "@dr-amelia", "https://instagram.com/", "https://evil.example/instagram.com/x", `@${"a".repeat(31)}`]) {
      expect(isInstagramProfile(bad), bad).toBe(false);
    }
  });

  it("fills the form from the profile, or with the account's email when there is no profile", () => {
    expect(profileFormValues(null, "a@example.com")).toMatchObject({ firstName: "", emailAddress: "a@example.com" });
    expect(profileFormValues({ firstName: "Amelia", emailAddress: null }, "a@example.com")).toMatchObject({ firstName: "Amelia", emailAddress: "" });
  });
});

const purchase = (overrides: Partial<PurchaseCard>): PurchaseCard => ({
  id: "p1",
  title: "Sinus Grafting",
  courseHref: "/courses/sinus-grafting",
  imageUrl: "/media/img/sinus.webp",
  dates: "March 12th - 15th, 2027",
  location: "London, United Kingdom",
  purchasedOn: "2026-03-01T10:00:00.000Z",
  status: "paid",
  tone: "success",
  refunded: null,
  description: "A short description.",
  receiptUrl: "https://pay.stripe.com/receipts/x",
  ...overrides,
});

describe("My Purchased Courses rendering", () => {
  it("lists each purchase with image, linked title, date, coloured status, description, View Course and a new-tab receipt", () => {
    const html = render(
      <PurchasesResultView
        result={{
          ok: true,
          purchases: [
            purchase({}),
            purchase({
              id: "p2",
              title: "Level 2",
              courseHref: "/courses/level-2",
              status: "pending",
              tone: "pending",
              receiptUrl: null,
              imageUrl: null,
              dates: null,
              location: null,
            }),
          ],
        }}
      />,
    );
    expect(html).toContain('src="/media/img/sinus.webp"');
    expect(html).toMatch(/<a[^>]*href="\/courses\/sinus-grafting"[^>]*>Sinus Grafting<\/a>/);
    expect(html).toContain("1 March 2026");
    // The booked date and its place, once: the second purchase has none.
    expect(html.match(/March 12th - 15th, 2027/g)).toHaveLength(1);
    expect(html.match(/London, United Kingdom/g)).toHaveLength(1);
    expect(html).toMatch(/class="[^"]*bg-green-100[^"]*"[^>]*data-tone="success"><span class="sr-only">Status: <\/span>paid/);
    expect(html).toMatch(/class="[^"]*bg-orange-100[^"]*"[^>]*data-tone="pending"><span class="sr-only">Status: <\/span>pending/);
    expect(html).toContain("A short description.");
    expect(html.match(/>View Course</g)).toHaveLength(2);
    // One receipt link only: the second purchase has none.
    expect(html.match(/View Receipt/g)).toHaveLength(1);
    expect(html).toMatch(/<a[^>]*href="https:\/\/pay\.stripe\.com\/receipts\/x"[^>]*target="_blank"[^>]*rel="noopener noreferrer"/);
  });

  it("says beside a cancelled booking's status how much was refunded", () => {
    const html = render(
      <PurchasesResultView
        result={{ ok: true, purchases: [purchase({ status: "canceled", tone: "pending", refunded: "£10,000" }), purchase({ id: "p2" })] }}
      />,
    );
    expect(html.match(/£10,000 refunded/g)).toHaveLength(1);
  });

  it("shows the empty state", () => {
    expect(render(<PurchasesResultView result={{ ok: true, purchases: [] }} />)).toContain("You have not purchased any courses yet.");
    expect(render(<NoPurchases />)).toContain('href="/courses"');
  });

  it("shows the error state with advice to refresh or contact support", () => {
    const html = render(<PurchasesError message="Database unavailable" />);
    expect(html).toContain('role="alert"');
    expect(html).toContain("Error loading courses: Database unavailable");
    expect(html).toContain("Please refresh the page");
    expect(html).toContain('href="/contact"');
    expect(render(<PurchasesResultView result={{ ok: false, message: "Timed out" }} />)).toContain("Error loading courses: Timed out");
  });
});

describe("Profile Details rendering", () => {
  const values = profileFormValues(null, "new@example.com");

  it("says the profile was not found and prefills the account's email when there is no row", () => {
    const html = render(
      <ProfileDetails
        accountId="account-1"
        accountEmail="new@example.com"
        joinedAt="2026-11-20T12:00:00.000Z"
        initialValues={values}
        found={false}
        loadError={null}
      />,
    );
    expect(html).toContain("Profile data not found. It might be created shortly.");
    expect(html).toMatch(/<input[^>]*name="emailAddress"[^>]*value="new@example.com"/);
    expect(html).toContain("20 November 2026");
    expect(html).toContain('placeholder="@username or profile URL"');
    expect(html).toContain("Save Changes");
  });

  it("lets a long account email wrap before its @, not mid-domain", () => {
    const html = render(
      <ProfileDetails
        accountId="account-1"
        accountEmail="dr.a.very.long.name@example.com"
        joinedAt="2026-11-20T12:00:00.000Z"
        initialValues={values}
        found
        loadError={null}
      />,
    );
    expect(html).toContain("dr.a.very.long.name<wbr/>@example.com");
  });

  it("does not say so when the row exists, or when reading it failed", () => {
    for (const props of [
      { found: true, loadError: null },
      { found: false, loadError: "Something went wrong" },
    ]) {
      const html = render(
        <ProfileDetails accountId="account-1" accountEmail="a@example.com" joinedAt="2026-11-20T12:00:00.000Z" initialValues={values} {...props} />,
      );
      expect(html).not.toContain("Profile data not found");
    }
  });
});
