import { afterEach, describe, expect, it, vi } from "vitest";

import { calendarPlaceOf, withCalendarPlace } from "~/lib/calendar-place";
import { courseDetailsPath, eventTitle, type ScheduleEdition, scheduleEvents } from "~/lib/schedule";

describe("courseDetailsPath", () => {
  it.each([
    ["Level 2 - Live Full Arch Surgery", "/courses/full-arch"],
    ["ZYGOMATIC implants masterclass", "/courses/full-arch"],
    ["Sinus Lift Workshop", "/courses/grafting"],
    ["Bone GRAFTING in London", "/courses/grafting"],
    ["Level 1 - Implant Foundations", "/courses"],
    ["", "/courses"],
  ])("sends %j to %s", (title, path) => {
    expect(courseDetailsPath(title)).toBe(path);
  });

  it("puts full arch before grafting when a title names both", () => {
    expect(courseDetailsPath("Full Arch with Sinus Grafting")).toBe("/courses/full-arch");
  });
});

const edition = (overrides: Partial<ScheduleEdition> = {}): ScheduleEdition => ({
  id: "e1",
  title: "Sinus Grafting",
  startDate: "2026-12-07",
  endDate: "2026-12-09",
  description: "Two days of hands-on grafting.",
  location: "Dubai",
  slug: "sinus-grafting",
  placesLeft: 4,
  placesAtCheckout: 1,
  ...overrides,
});

describe("scheduleEvents", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("makes an all-day event of local days, its end the day after the last day, with the edition as its resource", () => {
    expect(scheduleEvents([edition()])).toEqual([
      {
        title: "Sinus Grafting",
        start: new Date(2026, 11, 7),
        end: new Date(2026, 11, 10),
        allDay: true,
        resource: {
          courseId: "e1",
          description: "Two days of hands-on grafting.",
          location: "Dubai",
          slug: "sinus-grafting",
          placesLeft: 4,
          placesAtCheckout: 1,
        },
      },
    ]);
  });

  it("ends a one-day edition the next day", () => {
    const [event] = scheduleEvents([edition({ endDate: "2026-12-07" })]);
    expect(event.end).toEqual(new Date(2026, 11, 8));
  });

  it("shows a blank title as 'Untitled Event', as the list and the calendar feed do", () => {
    expect(scheduleEvents([edition({ title: "  " })])[0].title).toBe("Untitled Event");
    expect(eventTitle("")).toBe("Untitled Event");
    expect(eventTitle(" Sinus Grafting ")).toBe("Sinus Grafting");
  });

  it("leaves out, with a warning, editions without a title, start date or end date", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const events = scheduleEvents([
      edition({ id: "no-start", startDate: null }),
      edition({ id: "no-end", endDate: null }),
      edition({ id: "no-title", title: null }),
      edition({ id: "kept" }),
    ]);
    expect(events.map((event) => event.resource.courseId)).toEqual(["kept"]);
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn.mock.calls.map(([message]) => String(message))).toEqual([
      expect.stringContaining("no-start"),
      expect.stringContaining("no-end"),
      expect.stringContaining("no-title"),
    ]);
  });
});

describe("the calendar's place in the address", () => {
  const placeOf = (search: string) => calendarPlaceOf(new URLSearchParams(search));

  it("reads the view and the day it was looking at", () => {
    expect(placeOf("")).toEqual({ view: "month", date: null });
    expect(placeOf("?view=week&date=2027-01-04")).toEqual({ view: "week", date: "2027-01-04" });
    expect(placeOf("?view=day&date=2028-02-29")).toEqual({ view: "day", date: "2028-02-29" });
    expect(placeOf("?date=2027-03-01")).toEqual({ view: "month", date: "2027-03-01" });
  });

  it("takes anything else for today's month: an unknown view, a day that does not exist, another form of date, a far year", () => {
    for (const search of ["?view=agenda", "?view=WEEK", "?view="]) expect(placeOf(search).view, search).toBe("month");
    for (const search of [
      "?date=2027-02-30",
      "?date=2027-1-4",
      "?date=04/01/2027",
      "?date=2027-01-04T00:00",
      "?date=1999-12-31",
      "?date=2101-01-01",
      "?date=%3Cscript%3E",
    ]) {
      expect(placeOf(search).date, search).toBeNull();
    }
  });

  it("writes the place into the address, keeping whatever else it carries, and nothing for today's month", () => {
    const search = new URLSearchParams("utm_source=newsletter&view=day&date=2027-01-07");
    expect(withCalendarPlace(search, { view: "week", date: "2027-01-04" }).toString()).toBe("utm_source=newsletter&view=week&date=2027-01-04");
    expect(withCalendarPlace(search, { view: "month", date: null }).toString()).toBe("utm_source=newsletter");
    expect(calendarPlaceOf(withCalendarPlace(new URLSearchParams(), { view: "day", date: "2027-05-09" }))).toEqual({ view: "day", date: "2027-05-09" });
  });
});
