/*
 * Isomorphic display helpers for course dates and prices. Course dates are the
 * database's `YYYY-MM-DD` strings, read as calendar days: no clock or time
 * zone is involved, so a date is the same day on the server and in every visitor's browser.
 * Moments (a purchase, a message) are shown in London time (formatLongDate).
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

interface CalendarDay {
  year: number;
  month: string;
  day: string;
}

/** "1st", "2nd", "3rd", "11th", "22nd". */
function ordinal(day: number): string {
  const suffix = day % 100 >= 11 && day % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][day % 10] ?? "th");
  return `${day}${suffix}`;
}

function calendarDay(date: string): CalendarDay {
  const parts = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  const [year, monthNumber, day] = parts ? [Number(parts[1]), Number(parts[2]), Number(parts[3])] : [];
  const month = monthNumber && MONTHS[monthNumber - 1];
  // Day 0 of the next month is this month's last day: 2026-02-31 is refused, 2028-02-29 is not.
  const daysInMonth = year && monthNumber ? new Date(Date.UTC(year, monthNumber, 0)).getUTCDate() : 0;
  if (!year || !month || !day || day > daysInMonth) throw new RangeError(`Not a calendar date: ${date}`);
  return { year, month, day: ordinal(day) };
}

/**
 * Spec 9: "month, ordinal day, year", e.g. "November 13th - 16th, 2026". Written
 * out rather than with date-fns's `format`, whose token formatters and locale
 * would be 6.4 KB (gzipped) of every page that shows a course date.
 */
export function formatDateRange(startDate: string, endDate?: string | null): string {
  const start = calendarDay(startDate);
  const full = (day: CalendarDay) => `${day.month} ${day.day}, ${day.year}`;
  if (!endDate || endDate === startDate) return full(start);
  const end = calendarDay(endDate);
  if (start.year !== end.year) return `${full(start)} - ${full(end)}`;
  if (start.month !== end.month) return `${start.month} ${start.day} - ${full(end)}`;
  return `${start.month} ${start.day} - ${end.day}, ${end.year}`;
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

/** "1500.00": an amount in minor units as the decimal staff type, machines read (CSV, schema.org) and Stripe shows. */
export function minorUnitsAsDecimal(amount: number): string {
  return (amount / 100).toFixed(2);
}

/** Spec 9: program pages split the price into 4 interest-free instalments with Klarna. */
const INSTALMENT_COUNT = 4;
const INSTALMENT_PROVIDER = "Klarna";

export function instalmentAmount(pounds: number): number {
  return Math.round((pounds / INSTALMENT_COUNT) * 100) / 100;
}

/**
 * "or 4 interest-free instalments of £375 with Klarna", for a price (in pence) Klarna takes: up to
 * `klarnaMaxAmount` (KLARNA_MAX_AMOUNT_GBP, by which the checkout offers it; £4,000 in the UK). A dearer
 * course's page promises no instalments its checkout would not offer: it says how it is paid instead.
 */
export function instalmentNote(amount: number, klarnaMaxAmount: number): string {
  if (amount > klarnaMaxAmount) return "Pay by card, Apple Pay or Google Pay";
  return `or ${INSTALMENT_COUNT} interest-free instalments of ${formatPounds(instalmentAmount(amount / 100))} with ${INSTALMENT_PROVIDER}`;
}

/**
 * "3 places left", "1 place left", "Fully booked"; while some of the places are only held by checkouts still
 * open (`placesAtCheckout`), "All places held at checkout": unpaid, they come free within the half hour.
 */
export function placesLeftLabel(placesLeft: number, placesAtCheckout = 0): string {
  if (placesLeft <= 0) return placesAtCheckout > 0 ? "All places held at checkout" : "Fully booked";
  return placesLeft === 1 ? "1 place left" : `${placesLeft} places left`;
}

/** At most this many places left is "few": the line turns gold to say book soon. */
const FEW_PLACES = 3;

/** The colour of a places-left line, the same wherever it is shown: red when full, gold when few are left (or the last are at checkout), green otherwise. */
export function placesLeftTone(placesLeft: number, placesAtCheckout = 0): string {
  if (placesLeft <= 0) return placesAtCheckout > 0 ? "text-gold-dark" : "text-red-800";
  return placesLeft <= FEW_PLACES ? "text-gold-dark" : "text-emerald-800";
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
