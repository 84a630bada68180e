import { afterEach, describe, expect, it, vi } from "vitest";

import { courseDetailsPath, type ScheduleEdition, scheduleEvents } from "~/lib/schedule";

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
        },
      },
    ]);
  });

  it("ends a one-day edition the next day", () => {
    const [event] = scheduleEvents([edition({ endDate: "2026-12-07" })]);
    expect(event.end).toEqual(new Date(2026, 11, 8));
  });

  it("shows a blank title as 'Untitled Event'", () => {
    expect(scheduleEvents([edition({ title: "  " })])[0].title).toBe("Untitled Event");
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
