import { format, parseISO } from "date-fns";

/*
 * Isomorphic display helpers for course dates and prices. Dates are the
 * database's `YYYY-MM-DD` strings: parsed as local calendar days, so a date is
 * the same day on the server and in every visitor's browser.
 */

/** Spec 9: "month, ordinal day, year", e.g. "November 13th - 16th, 2026". */
export function formatDateRange(startDate: string, endDate?: string | null): string {
  const start = parseISO(startDate);
  if (!endDate || endDate === startDate) return format(start, "MMMM do, yyyy");
  const end = parseISO(endDate);
  if (start.getFullYear() !== end.getFullYear()) {
    return `${format(start, "MMMM do, yyyy")} - ${format(end, "MMMM do, yyyy")}`;
  }
  if (start.getMonth() !== end.getMonth()) {
    return `${format(start, "MMMM do")} - ${format(end, "MMMM do, yyyy")}`;
  }
  return `${format(start, "MMMM do")} - ${format(end, "do, yyyy")}`;
}

/**
 * "£12,000"; pence only when there are any: "£3,248.75". Written out rather than
 * with Intl.NumberFormat: a browser's first currency format loads ICU's number data
 * (20-29 ms measured in desktop Chromium) in the middle of hydrating every priced page.
 */
export function formatPounds(pounds: number): string {
  const pence = Math.round(Math.abs(pounds) * 100);
  const sign = pounds < 0 && pence > 0 ? "-" : "";
  const whole = String(Math.floor(pence / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const rest = pence % 100;
  return `${sign}£${whole}${rest ? `.${String(rest).padStart(2, "0")}` : ""}`;
}

/** Spec 9: booking prices are stored in minor units (pence) and shown in pounds. */
export function formatMinorUnits(amount: number): string {
  return formatPounds(amount / 100);
}

/** Spec 9: program pages split the price into 4 interest-free instalments with Klarna. */
const INSTALMENT_COUNT = 4;
const INSTALMENT_PROVIDER = "Klarna";

export function instalmentAmount(pounds: number): number {
  return Math.round((pounds / INSTALMENT_COUNT) * 100) / 100;
}

/** "or 4 interest-free instalments of £3,000 with Klarna" */
export function instalmentNote(pounds: number): string {
  return `or ${INSTALMENT_COUNT} interest-free instalments of ${formatPounds(instalmentAmount(pounds))} with ${INSTALMENT_PROVIDER}`;
}

/** "3 places left", "1 place left", "Fully booked". */
export function placesLeftLabel(placesLeft: number): string {
  if (placesLeft <= 0) return "Fully booked";
  return placesLeft === 1 ? "1 place left" : `${placesLeft} places left`;
}

/**
 * A date as "21 November 2026", in London time: the institute's home, and the
 * same on the server and in the browser, so the page hydrates without a mismatch.
 */
let longDate: Intl.DateTimeFormat | undefined;

export function formatLongDate(value: Date | string): string {
  // Made on first use, not when a public page loads this module (see formatPounds).
  longDate ??= new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });
  return longDate.format(typeof value === "string" ? new Date(value) : value);
}
