import { addDays, format, parseISO } from "date-fns";
import { describe, expect, it } from "vitest";

import { isBookablePriceId } from "~/lib/booking";
import { nextAndUpcoming } from "~/lib/course-dates";
import { formatDateRange, formatMinorUnits, formatPounds, instalmentAmount, instalmentNote, placesLeftLabel, placesLeftTone } from "~/lib/format";

describe("date ranges", () => {
  it("writes month, ordinal day, year within one month", () => {
    expect(formatDateRange("2026-11-13", "2026-11-16")).toBe("November 13th - 16th, 2026");
    expect(formatDateRange("2027-01-01", "2027-01-02")).toBe("January 1st - 2nd, 2027");
    expect(formatDateRange("2027-03-21", "2027-03-23")).toBe("March 21st - 23rd, 2027");
    expect(formatDateRange("2027-03-11", "2027-03-12")).toBe("March 11th - 12th, 2027");
  });

  it("names both months when a course crosses one", () => {
    expect(formatDateRange("2026-11-30", "2026-12-03")).toBe("November 30th - December 3rd, 2026");
  });

  it("names both years when a course crosses the new year", () => {
    expect(formatDateRange("2026-12-30", "2027-01-02")).toBe("December 30th, 2026 - January 2nd, 2027");
  });

  it("writes every day of several years as date-fns's 'MMMM do, yyyy' does", () => {
    for (let day = parseISO("2026-01-01"); day < parseISO("2029-01-01"); day = addDays(day, 1)) {
      const date = format(day, "yyyy-MM-dd");
      expect(formatDateRange(date)).toBe(format(day, "MMMM do, yyyy"));
      expect(formatDateRange(date, format(addDays(day, 3), "yyyy-MM-dd"))).toContain(format(addDays(day, 3), "do, yyyy"));
    }
  });

  it("refuses what is not a calendar date", () => {
    expect(() => formatDateRange("2026-13-01")).toThrow(RangeError);
    expect(() => formatDateRange("next week")).toThrow(RangeError);
    expect(() => formatDateRange("2026-02-29")).toThrow(RangeError);
    expect(() => formatDateRange("2026-04-31")).toThrow(RangeError);
    expect(() => formatDateRange("2026-05-00")).toThrow(RangeError);
    expect(() => formatDateRange("2026-05-01", "2026-06-31")).toThrow(RangeError);
    expect(formatDateRange("2028-02-29")).toBe("February 29th, 2028");
  });

  it("writes a one-day course as a single date", () => {
    expect(formatDateRange("2027-02-22", "2027-02-22")).toBe("February 22nd, 2027");
    expect(formatDateRange("2027-02-22", null)).toBe("February 22nd, 2027");
    expect(formatDateRange("2027-02-22")).toBe("February 22nd, 2027");
  });
});

describe("money", () => {
  it("formats pounds in GBP with thousands separators, pence only when there are any", () => {
    expect(formatPounds(12_000)).toBe("£12,000");
    expect(formatPounds(12_995)).toBe("£12,995");
    expect(formatPounds(900)).toBe("£900");
    expect(formatPounds(3_248.75)).toBe("£3,248.75");
    expect(formatPounds(0.5)).toBe("£0.50");
    expect(formatPounds(1_234_567.05)).toBe("£1,234,567.05");
    expect(formatPounds(0)).toBe("£0");
    expect(formatPounds(-250)).toBe("-£250");
  });

  it("writes what Intl's en-GB currency format writes, without loading it on the page", () => {
    const whole = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", minimumFractionDigits: 0, maximumFractionDigits: 0 });
    const exact = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
    for (const pounds of [0, 1, 12, 999, 1_000, 9_999.99, 12_995, 3_248.75, 1_000_000, 0.05, -42, -1_500.5]) {
      const rounded = Math.round(pounds * 100) / 100;
      expect(formatPounds(pounds)).toBe((Number.isInteger(rounded) ? whole : exact).format(rounded));
    }
  });

  it("divides minor units by 100", () => {
    expect(formatMinorUnits(1_200_000)).toBe("£12,000");
    expect(formatMinorUnits(1_299_500)).toBe("£12,995");
    expect(formatMinorUnits(100)).toBe("£1");
    expect(formatMinorUnits(99_950)).toBe("£999.50");
  });

  it("splits a price into 4 interest-free Klarna instalments", () => {
    expect(instalmentAmount(12_000)).toBe(3_000);
    expect(instalmentAmount(12_995)).toBe(3_248.75);
    // Within Klarna's limit (in pence), as the checkout offers it; above it, no instalments are promised.
    expect(instalmentNote(150_000, 400_000)).toBe("or 4 interest-free instalments of £375 with Klarna");
    expect(instalmentNote(90_000, 400_000)).toBe("or 4 interest-free instalments of £225 with Klarna");
    expect(instalmentNote(400_000, 400_000)).toBe("or 4 interest-free instalments of £1,000 with Klarna");
    expect(instalmentNote(1_200_000, 400_000)).toBe("Pay by card, Apple Pay or Google Pay");
    expect(instalmentNote(1_200_000, 1_500_000)).toBe("or 4 interest-free instalments of £3,000 with Klarna");
    expect(instalmentNote(1_299_500, 1_500_000)).toBe("or 4 interest-free instalments of £3,248.75 with Klarna");
  });
});

describe("places left", () => {
  it("counts places, singular for one, and says fully booked at none", () => {
    expect(placesLeftLabel(3)).toBe("3 places left");
    expect(placesLeftLabel(1)).toBe("1 place left");
    expect(placesLeftLabel(0)).toBe("Fully booked");
    expect(placesLeftLabel(-2)).toBe("Fully booked");
  });

  it("says the last places are held at checkout while one of them may still come free, and only when none are left", () => {
    expect(placesLeftLabel(0, 1)).toBe("All places held at checkout");
    expect(placesLeftLabel(0, 0)).toBe("Fully booked");
    expect(placesLeftLabel(2, 3)).toBe("2 places left");
  });

  it("is red when full, gold when three or fewer are left or the last are at checkout, green otherwise, wherever it is shown", () => {
    expect([0, 1, 3, 4, 12].map((left) => placesLeftTone(left))).toEqual([
      "text-red-800",
      "text-gold-dark",
      "text-gold-dark",
      "text-emerald-800",
      "text-emerald-800",
    ]);
    expect(placesLeftTone(0, 2)).toBe("text-gold-dark");
  });
});

describe("booking", () => {
  it("books only price ids that start with price_", () => {
    expect(isBookablePriceId("price_level2_live_surgery")).toBe(true);
    expect(isBookablePriceId("price_")).toBe(false);
    expect(isBookablePriceId("prod_level2")).toBe(false);
    expect(isBookablePriceId("")).toBe(false);
    expect(isBookablePriceId(null)).toBe(false);
    expect(isBookablePriceId(undefined)).toBe(false);
  });
});

describe("course dates", () => {
  const dates = [
    { startDate: "2027-01-20", endDate: "2027-01-23" },
    { startDate: "2027-04-20", endDate: "2027-04-23" },
    { startDate: "2027-07-20", endDate: "2027-07-23" },
  ];

  it("takes the first future edition as next and the second as upcoming", () => {
    expect(nextAndUpcoming(dates)).toEqual({ next: dates[0], upcoming: dates[1] });
    expect(nextAndUpcoming(dates.slice(0, 1))).toEqual({ next: dates[0], upcoming: undefined });
    expect(nextAndUpcoming(undefined)).toEqual({ next: undefined, upcoming: undefined });
  });
});
