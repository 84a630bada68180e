import { describe, expect, it } from "vitest";

import { courseJsonLd, siteUrlFromMatches } from "~/lib/course-json-ld";

const base = {
  siteUrl: "https://example.com",
  name: "Level 2 Full Arch Live Surgery",
  description: "Four days of live full-arch surgery in Dubai.",
};

describe("course structured data", () => {
  it("describes a Course with its provider, page URL and price in pounds", () => {
    const data = courseJsonLd({ ...base, path: "/courses/full-arch#level-2", priceMinor: 1_200_000, location: "Dubai", days: 4 });
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("Course");
    expect(data.name).toBe("Level 2 Full Arch Live Surgery");
    expect(data.url).toBe("https://example.com/courses/full-arch#level-2");
    expect(data.provider).toEqual({ "@type": "EducationalOrganization", name: "Global Implant Institute", url: "https://example.com" });
    expect(data.offers).toEqual([expect.objectContaining({ "@type": "Offer", price: "12000.00", priceCurrency: "GBP" })]);
  });

  it("offers the prices the dates on sale are sold at, each once and lowest first, instead of the fee", () => {
    const datePrices = [
      { amount: 1_299_550, currency: "gbp" },
      { amount: 150_000, currency: "gbp" },
      { amount: 150_000, currency: "gbp" },
    ];
    const data = courseJsonLd({ ...base, path: "/courses/sinus-grafting", priceMinor: 1_299_550, currency: "gbp", datePrices, location: "London" });
    expect(data.offers?.map((offer) => [offer.price, offer.priceCurrency])).toEqual([
      ["1500.00", "GBP"],
      ["12995.50", "GBP"],
    ]);
    // No date on sale: the fee.
    const fee = courseJsonLd({ ...base, path: "/courses/sinus-grafting", priceMinor: 1_299_550, datePrices: [], location: "London" });
    expect(fee.offers?.map((offer) => offer.price)).toEqual(["12995.50"]);
  });

  it("gives one onsite instance per dated edition, a one-day edition ending the day it starts", () => {
    const data = courseJsonLd({
      ...base,
      path: "/courses/sinus-grafting",
      priceMinor: 150_000,
      location: "London, United Kingdom",
      editions: [
        { startDate: "2027-01-10", endDate: null },
        { startDate: "2027-03-01", endDate: "2027-03-01" },
      ],
    });
    expect(data.hasCourseInstance).toHaveLength(2);
    expect(data.hasCourseInstance[0]).toMatchObject({ courseMode: "Onsite", startDate: "2027-01-10", endDate: "2027-01-10" });
    expect(data.hasCourseInstance[0].location).toMatchObject({ name: "London", address: { addressCountry: "GB" } });
  });

  it("falls back to the workload when no edition is dated, and puts Dubai courses at the clinic", () => {
    const data = courseJsonLd({ ...base, path: "/courses/full-arch", priceMinor: 1_299_500, location: "Dubai", days: 4 });
    expect(data.hasCourseInstance).toEqual([expect.objectContaining({ courseMode: "Onsite", courseWorkload: "P4D" })]);
    expect(data.hasCourseInstance[0].location.address).toMatchObject({
      streetAddress: "Building 27, Block C, Ground Floor, Dubai Healthcare City",
      addressCountry: "AE",
    });
  });

  it("leaves the offer out when the course has no price", () => {
    expect(courseJsonLd({ ...base, path: "/courses/x", priceMinor: null, location: "London" })).not.toHaveProperty("offers");
  });

  it("reads the site URL from the root loader's data", () => {
    expect(siteUrlFromMatches([{ id: "root", loaderData: { publicEnv: { siteUrl: "https://gii.example" } } }])).toBe("https://gii.example");
    expect(siteUrlFromMatches([undefined])).toBe("http://localhost:3000");
  });
});
