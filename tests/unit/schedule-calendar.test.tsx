import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import ScheduleCalendar from "~/components/schedule/schedule-calendar";
import type { ScheduleEdition } from "~/lib/schedule";

const edition = (id: string, title: string, startDate: string, endDate: string): ScheduleEdition => ({
  id,
  title,
  startDate,
  endDate,
  description: null,
  location: "Dubai",
  slug: id,
  placesLeft: 4,
});

/** The calendar as the server sends it: the page a visitor sees until they use it (its code loads only then). */
const serverCalendar = (editions: ScheduleEdition[], today: string) => renderToString(<ScheduleCalendar editions={editions} today={today} />);

const eventButtons = (html: string) =>
  [...html.matchAll(/<button type="button" aria-label="([^"]+)" class="schedule-event-button"/g)].map(([, label]) => label);

/** What each "+N more" says (its words, tags left out). */
const showMoreLabels = (html: string) =>
  [...html.matchAll(/<button type="button" class="rbc-button-link rbc-show-more">(.*?)<\/button>/g)].map(([, inner]) => inner.replace(/<[^>]+>|<!-- -->/g, ""));

describe("the schedule's calendar as the server draws it", () => {
  it("opens on the server's day, month view, with that day marked", () => {
    const html = serverCalendar([], "2026-12-02");
    expect(html).toMatch(/<span class="rbc-toolbar-label">December 2026<\/span>/);
    expect(html).toMatch(/<button type="button" class="rbc-active">Month<\/button>/);
    // Every week of the grid, Monday first (en-GB), from 30 November to 3 January.
    expect(html.match(/class="rbc-month-row"/g)).toHaveLength(5);
    expect(html.match(/rbc-today/g)).toHaveLength(1);
    expect(html).toMatch(/rbc-date-cell rbc-now[^"]*"[^>]*><button[^>]*>2</);
  });

  it("opens where the address says it was looking, and names the year in a week's or a day's title", () => {
    const at = (place: Parameters<typeof ScheduleCalendar>[0]["place"]) => renderToString(<ScheduleCalendar editions={[]} today="2026-12-02" place={place} />);
    expect(at({ view: "month", date: "2027-03-15" })).toMatch(/<span class="rbc-toolbar-label">March 2027<\/span>/);
    const week = at({ view: "week", date: "2027-01-07" });
    expect(week).toMatch(/<button type="button" class="rbc-active">Week<\/button>/);
    expect(week).toMatch(/<span class="rbc-toolbar-label">January 4 – 10, 2027<\/span>/);
    expect(at({ view: "week", date: "2026-12-30" })).toMatch(/<span class="rbc-toolbar-label">December 28, 2026 – January 3, 2027<\/span>/);
    expect(at({ view: "week", date: "2027-03-01" })).toMatch(/<span class="rbc-toolbar-label">March 1 – 7, 2027<\/span>/);
    expect(at({ view: "week", date: "2027-03-31" })).toMatch(/<span class="rbc-toolbar-label">March 29 – April 4, 2027<\/span>/);
    expect(at({ view: "day", date: "2027-01-07" })).toMatch(/<span class="rbc-toolbar-label">Thursday 7 January 2027<\/span>/);
  });

  it("draws the month's editions as buttons, not the library's empty grid to be measured", () => {
    const html = serverCalendar(
      [
        edition("a", "Sinus Grafting", "2026-12-07", "2026-12-09"),
        edition("b", "Level 1 - Implant Foundations", "2026-12-19", "2026-12-22"),
        edition("c", "Level 2 - Live Full Arch Surgery", "2026-12-28", "2027-01-02"),
        edition("d", "Next Year", "2027-02-01", "2027-02-03"),
      ],
      "2026-12-02",
    );
    // An event across two weeks is drawn once in each, one into January's first days too; February's is not on the grid.
    expect(eventButtons(html)).toEqual([
      "Sinus Grafting, December 7th - 9th, 2026",
      "Level 1 - Implant Foundations, December 19th - 22nd, 2026",
      "Level 1 - Implant Foundations, December 19th - 22nd, 2026",
      "Level 2 - Live Full Arch Surgery, December 28th, 2026 - January 2nd, 2027",
    ]);
  });

  it("gives a day the rows of events the browser would measure: fewer when the month spans more weeks", () => {
    const fourOn = (day: string) => ["One", "Two", "Three", "Four"].map((title) => edition(title, title, day, day));
    // December 2026 spans five weeks: three rows, the last "+2 more".
    const december = serverCalendar(fourOn("2026-12-08"), "2026-12-02");
    expect(eventButtons(december)).toHaveLength(2);
    expect(showMoreLabels(december)).toEqual(["+2 more"]);
    // May 2027 spans six: two rows.
    const may = serverCalendar(fourOn("2027-05-12"), "2027-05-03");
    expect(eventButtons(may)).toHaveLength(1);
    expect(showMoreLabels(may)).toEqual(["+3 more"]);
    // February 2027 spans four: four rows, room for all four.
    const february = serverCalendar(fourOn("2027-02-10"), "2027-02-03");
    expect(eventButtons(february)).toHaveLength(4);
    expect(showMoreLabels(february)).toEqual([]);
  });
});
