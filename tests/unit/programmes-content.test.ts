import { describe, expect, it } from "vitest";
import { OFFERINGS } from "~/content/offerings";
import {
  CATALOGUE,
  FEES_FROM_POUNDS,
  PROGRAMMES,
  fallbackDateLabel,
  programmeForTitle,
  programmesOn,
} from "~/content/programmes";
import { isBookablePriceId } from "~/lib/booking";

const byName = (name: string) => {
  const found = PROGRAMMES.find((programme) => programme.name === name);
  if (!found) throw new Error(`No programme named ${name}`);
  return found;
};

describe("program-page catalogue (spec 3)", () => {
  it("puts the four full arch courses and the two grafting courses on their pages, in order", () => {
    expect(programmesOn("full-arch").map((programme) => programme.name)).toEqual([
      "Level 1 Foundations in Full Arch",
      "Level 2 Full Arch Live Surgery",
      "Level 3 Zygomatic and Advanced Full Arch",
      "Full Arch Complications",
    ]);
    expect(programmesOn("grafting").map((programme) => programme.name)).toEqual([
      "Sinus Grafting",
      "Hard and Soft Tissue Grafting",
    ]);
  });

  it("shows the spec's fixed prices", () => {
    expect(Object.fromEntries(PROGRAMMES.map((programme) => [programme.name, programme.pricePounds]))).toEqual({
      "Level 1 Foundations in Full Arch": 1_500,
      "Level 2 Full Arch Live Surgery": 12_000,
      "Level 3 Zygomatic and Advanced Full Arch": 12_995,
      "Full Arch Complications": 900,
      "Sinus Grafting": 1_500,
      "Hard and Soft Tissue Grafting": 2_000,
    });
    expect(byName("Full Arch Complications").priceNote).toMatch(/50% off for past full arch attendees/i);
  });

  it("matches each course to a stored offering whose price in pence is the same", () => {
    for (const programme of PROGRAMMES) {
      const offering = OFFERINGS.find((candidate) => candidate.title === programme.storedTitle);
      expect(offering, programme.name).toBeDefined();
      expect(offering!.slug).toBe(programme.slug);
      expect(offering!.priceAmount, programme.name).toBe(programme.pricePounds * 100);
      expect(programmeForTitle(programme.storedTitle)).toBe(programme);
    }
  });

  it("gives the formats of the spec table", () => {
    expect(byName("Level 1 Foundations in Full Arch").format).toEqual(expect.arrayContaining(["2-day course", "London"]));
    expect(byName("Level 2 Full Arch Live Surgery").format).toEqual(
      expect.arrayContaining(["4-day course", "Dubai", "1-to-1 supervision", "3-night hotel stay"]),
    );
    expect(byName("Level 3 Zygomatic and Advanced Full Arch").format).toEqual(expect.arrayContaining(["4-day course", "Dubai"]));
    expect(byName("Full Arch Complications").format).toEqual(expect.arrayContaining(["1-day course", "London"]));
    expect(byName("Sinus Grafting").format).toContain("London");
    expect(byName("Hard and Soft Tissue Grafting").format).toContain("London");
  });

  it("has the price ids of the stored offerings: two for Level 3, none for Level 1 and Hard and Soft Tissue Grafting", () => {
    const priceIds = (name: string) => byName(name).editions.map((edition) => edition.priceId);
    expect(priceIds("Level 3 Zygomatic and Advanced Full Arch")).toHaveLength(2);
    expect(new Set(priceIds("Level 3 Zygomatic and Advanced Full Arch")).size).toBe(2);
    // Two Book Now buttons need two names.
    expect(byName("Level 3 Zygomatic and Advanced Full Arch").editions.map((edition) => edition.name)).toEqual([
      "September edition",
      "January edition",
    ]);
    expect(priceIds("Level 1 Foundations in Full Arch")).toEqual([]);
    expect(priceIds("Hard and Soft Tissue Grafting")).toEqual([]);
    for (const name of ["Level 2 Full Arch Live Surgery", "Full Arch Complications", "Sinus Grafting"]) {
      expect(priceIds(name), name).toHaveLength(1);
    }
    for (const programme of PROGRAMMES) {
      const offering = OFFERINGS.find((candidate) => candidate.title === programme.storedTitle)!;
      expect(programme.editions.map((edition) => edition.priceId)).toEqual([...offering.priceIds]);
      for (const edition of programme.editions) expect(isBookablePriceId(edition.priceId)).toBe(true);
    }
  });

  it("shows Level 1 as opening soon and Hard and Soft Tissue Grafting as taking registrations of interest", () => {
    expect(byName("Level 1 Foundations in Full Arch").availability).toBe("opening-soon");
    expect(byName("Hard and Soft Tissue Grafting").availability).toBe("register-interest");
    expect(byName("Sinus Grafting").availability).toBe("open");
  });

  it("gives every course a description, inclusions and learning objectives", () => {
    for (const programme of PROGRAMMES) {
      expect(programme.description.length, programme.name).toBeGreaterThan(80);
      expect(programme.inclusions.length, programme.name).toBeGreaterThanOrEqual(3);
      expect(programme.objectives.length, programme.name).toBeGreaterThanOrEqual(3);
      expect(programme.imageAlt, programme.name).not.toBe("");
    }
  });
});

describe("fallback date labels (spec 9)", () => {
  const BEFORE_THEY_PASS = "2025-09-01";
  const TODAY = "2026-11-21";

  it("uses the spec's fixed labels for the three levels while their dates are ahead", () => {
    expect(fallbackDateLabel(byName("Level 1 Foundations in Full Arch"), BEFORE_THEY_PASS)).toBe("Dates TBD in November 2025");
    expect(fallbackDateLabel(byName("Level 2 Full Arch Live Surgery"), BEFORE_THEY_PASS)).toBe("13th-16th of November 2025");
    expect(fallbackDateLabel(byName("Level 3 Zygomatic and Advanced Full Arch"), BEFORE_THEY_PASS)).toBe("25-28th of September 2025");
  });

  it("keeps a fixed label through its last day, then never shows the past date", () => {
    const level2 = byName("Level 2 Full Arch Live Surgery");
    expect(fallbackDateLabel(level2, "2025-11-16")).toBe("13th-16th of November 2025");
    expect(fallbackDateLabel(level2, "2025-11-17")).toBe("4 days, Dubai");
    expect(fallbackDateLabel(byName("Level 1 Foundations in Full Arch"), TODAY)).toBe("2 days, London");
    expect(fallbackDateLabel(byName("Level 3 Zygomatic and Advanced Full Arch"), TODAY)).toBe("4 days, Dubai");
  });

  it("otherwise says duration plus location, else 'Dates TBD'", () => {
    expect(fallbackDateLabel(byName("Full Arch Complications"), TODAY)).toBe("1 day, London");
    expect(fallbackDateLabel({ duration: "2 days", location: "London" }, TODAY)).toBe("2 days, London");
    expect(fallbackDateLabel({}, TODAY)).toBe("Dates TBD");
  });
});

describe("catalogue cards", () => {
  it("link Full Arch Rehabilitation and Grafting Techniques to their pages, each with an image and its text", () => {
    expect(CATALOGUE.map((card) => [card.name, card.link])).toEqual([
      ["Full Arch Rehabilitation", "/courses/full-arch"],
      ["Grafting Techniques", "/courses/grafting"],
    ]);
    for (const card of CATALOGUE) {
      expect(card.description).not.toBe("");
      expect(card.image.name).toMatch(/^catalogue-/);
    }
  });

  it("say fees start at £1,500, as the spec's courses page does", () => {
    // Not the minimum of the catalogue: Full Arch Complications (£900) is a one-day add-on.
    expect(FEES_FROM_POUNDS).toBe(1_500);
  });
});
