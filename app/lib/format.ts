/**
 * A date as "21 November 2026", in London time: the institute's home, and the
 * same on the server and in the browser, so the page hydrates without a mismatch.
 */
const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });

export function formatLongDate(value: Date | string): string {
  return longDate.format(typeof value === "string" ? new Date(value) : value);
}
