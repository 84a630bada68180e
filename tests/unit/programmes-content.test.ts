import { describe, expect, it } from "vitest";

import { INSTRUCTORS } from "~/content/instructors";
import { CATALOGUE, COURSE_INSTRUCTORS, fallbackDateLabel, OFFERING_KEYS, programmeFor, PROGRAMMES, programmesOn } from "~/content/programmes";

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
    expect(programmesOn("grafting").map((programme) => programme.name)).toEqual(["Sinus Grafting", "Hard and Soft Tissue Grafting"]);
  });

  it("has copy for every offering key, found by that key, and carries no price of its own", () => {
    expect(PROGRAMMES.map((programme) => programme.key)).toEqual([...OFFERING_KEYS]);
    for (const key of OFFERING_KEYS) expect(programmeFor(key)?.key).toBe(key);
    expect(programmeFor("no-such-offering")).toBeUndefined();
    for (const programme of PROGRAMMES)
      expect(
        Object.keys(programme).filter((field) => /price(?!Note)|amount/i.test(field)),
        programme.name,
      ).toEqual([]);
    expect(byName("Full Arch Complications").priceNote).toMatch(/50% off for past full arch attendees/i);
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
  const DUBAI = { format: "4 days", location: "Dubai Healthcare City, Building 27, Block C, Ground Floor, Dubai" };
  const LONDON = { format: "2 days", location: "London, United Kingdom" };

  it("uses the spec's fixed labels for the three levels while their dates are ahead", () => {
    expect(fallbackDateLabel(byName("Level 1 Foundations in Full Arch"), LONDON, BEFORE_THEY_PASS)).toBe("Dates TBD in November 2025");
    expect(fallbackDateLabel(byName("Level 2 Full Arch Live Surgery"), DUBAI, BEFORE_THEY_PASS)).toBe("13th-16th of November 2025");
    expect(fallbackDateLabel(byName("Level 3 Zygomatic and Advanced Full Arch"), DUBAI, BEFORE_THEY_PASS)).toBe("25-28th of September 2025");
  });

  it("keeps a fixed label through its last day, then never shows the past date", () => {
    const level2 = byName("Level 2 Full Arch Live Surgery");
    expect(fallbackDateLabel(level2, DUBAI, "2025-11-16")).toBe("13th-16th of November 2025");
    expect(fallbackDateLabel(level2, DUBAI, "2025-11-17")).toBe("4 days, Dubai Healthcare City, Building 27, Block C, Ground Floor, Dubai");
    expect(fallbackDateLabel(byName("Level 1 Foundations in Full Arch"), LONDON, TODAY)).toBe("2 days, London, United Kingdom");
  });

  it("otherwise says the offering's duration plus location, else 'Dates TBD'", () => {
    expect(fallbackDateLabel(byName("Full Arch Complications"), { format: "1 day", location: "London" }, TODAY)).toBe("1 day, London");
    expect(fallbackDateLabel(undefined, LONDON, TODAY)).toBe("2 days, London, United Kingdom");
    expect(fallbackDateLabel(undefined, undefined, TODAY)).toBe("Dates TBD");
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
});

describe("the instructors on every course detail page", () => {
  it("are named, titled and ordered as on the instructors page", () => {
    expect(COURSE_INSTRUCTORS.map(({ name, role }) => ({ name, title: role }))).toEqual(INSTRUCTORS.map(({ name, title }) => ({ name, title })));
  });
});
