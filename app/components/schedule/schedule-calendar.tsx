import { addDays, format, getDay, isSameMonth, isSameYear, parseISO, startOfWeek } from "date-fns";
import { enGB } from "date-fns/locale";
import { CalendarDays, MapPin, Users } from "lucide-react";
import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { EventProps, EventWrapperProps, Formats, ShowMoreProps, View } from "react-big-calendar";
import { Link } from "react-router";

import { Calendar, dateFnsLocalizer, MonthDrawnAtOnce } from "~/components/schedule/big-calendar";
import { buttonVariants } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { type CalendarPlace, withCalendarPlace } from "~/lib/calendar-place";
import { cn } from "~/lib/cn";
import { formatDateRange, placesLeftLabel, placesLeftTone } from "~/lib/format";
import { courseDetailsPath, type ScheduleEdition, type ScheduleEvent, scheduleEvents } from "~/lib/schedule";

const localizer = dateFnsLocalizer({ format, startOfWeek, getDay, locales: { "en-GB": enGB } });

/** Spec 9, Calendar: the calendar itself, inside its card's padding (the page's placeholder matches the card). */
const CALENDAR_HEIGHT = 700;
const STEP_MINUTES = 30;
const TIMESLOTS = 2;
const AGENDA_DAYS = 30;
const NOW_REFRESH_MS = 60_000;
/**
 * The spec's white text on its gold. White on this gold alone reads at 2.6:1,
 * below WCAG AA: a thin navy outline (a text shadow of a pixel) sets each letter
 * off at 14:1, which axe and WCAG count as the text's own edge.
 */
const EVENT_STYLE = {
  backgroundColor: "#C09A58",
  opacity: 0.9,
  color: "#ffffff",
  textShadow: "0 0 1px #0f1b2d, 0 0 1px #0f1b2d, 0 0 1px #0f1b2d",
  border: "none",
};

/** What an event says, in its tooltip and to a screen reader: its title and its days. */
const eventLabel = (event: ScheduleEvent) =>
  `${event.title}, ${formatDateRange(format(event.start, "yyyy-MM-dd"), format(addDays(event.end, -1), "yyyy-MM-dd"))}`;

/**
 * react-big-calendar draws a month's events as plain divs that a keyboard
 * cannot reach. Each is a button instead: its click (from Enter or Space too)
 * bubbles to the calendar's own event handler, which opens the details.
 */
function EventButton({ event }: EventProps<ScheduleEvent>) {
  return (
    <button type="button" aria-label={eventLabel(event)} className="schedule-event-button">
      {event.title}
    </button>
  );
}

/**
 * The calendar marks its weeks up as table rows, which may hold only cells
 * (axe: aria-required-children): each event's button sits in a cell of its own.
 * Only the day rows ("date") draw all-day events; timed ones ("time") are not rows.
 * For the same reason the calendar has no `popup`: its floating list of a busy
 * day would put cells outside any row, so "+N more" opens that day's view instead.
 */
function EventCellWrapper({ type, children }: EventWrapperProps<ScheduleEvent> & { type?: "date" | "time"; children?: ReactNode }) {
  return type === "date" ? <div role="cell">{children}</div> : children;
}

/** Opens a day's view, as the calendar's own drill-down does. */
const OpenDay = createContext<(date: Date) => void>(() => undefined);

/**
 * A busy day's "+2 more", in a cell of its own as the events are (the
 * calendar's own button sat in the row itself). It opens the day's view. On a
 * phone it reads "+2", its " more" hidden from sight only (schedule-calendar.css),
 * so the button's name still says how many more courses the day has.
 */
function ShowMore({ count, slotDate }: ShowMoreProps<ScheduleEvent>) {
  const openDay = use(OpenDay);
  return (
    <div role="cell">
      <button type="button" className="rbc-button-link rbc-show-more" onClick={() => openDay(slotDate)}>
        +{count}
        <span className="schedule-show-more-words"> more</span>
      </button>
    </div>
  );
}

// Made once: a new value on each render would make the calendar draw its events
// anew, and the event that opened the details would no longer be there to take focus back.
const COMPONENTS = { event: EventButton, eventWrapper: EventCellWrapper, showMore: ShowMore };
const eventProps = (event: ScheduleEvent) => (event.allDay ? { style: EVENT_STYLE } : {});

const VIEWS = { month: MonthDrawnAtOnce, week: true, day: true };
/** A week's day headers read "Mon 28", and on a phone wrap to "Mon" over "28" (schedule-calendar.css) rather than being cut to "28 M". */
const FORMATS: Formats = {
  dayFormat: "EEE d",
  // Days without a leading zero, with the year as the month's title has it: "January 4 – 10, 2027", "Monday 4 January 2027".
  dateFormat: "d",
  dayHeaderFormat: "EEEE d MMMM yyyy",
  dayRangeHeaderFormat: ({ start, end }, culture) =>
    isSameYear(start, end)
      ? `${localizer.format(start, "MMMM d", culture)} – ${localizer.format(end, isSameMonth(start, end) ? "d, yyyy" : "MMMM d, yyyy", culture)}`
      : `${localizer.format(start, "MMMM d, yyyy", culture)} – ${localizer.format(end, "MMMM d, yyyy", culture)}`,
};
/** A course day's hours are in view when the week or day opens, not midnight's. */
const SCROLL_TO_TIME = new Date(1970, 0, 1, 8);

/** The browser's clock, read again once a minute has passed, so that the calendar's time marker follows it. */
let clock = new Date();
function readClock(): Date {
  if (Date.now() - clock.getTime() >= NOW_REFRESH_MS) clock = new Date();
  return clock;
}
function subscribeToClock(onTick: () => void): () => void {
  const timer = setInterval(onTick, NOW_REFRESH_MS);
  return () => clearInterval(timer);
}

/**
 * The current time. While the page hydrates it is the page's day, so that
 * the calendar hydrates to the server's HTML; then the browser's clock.
 */
function useNow(pageDay: Date): Date {
  return useSyncExternalStore(subscribeToClock, readClock, () => pageDay);
}

/**
 * The week and day views carry a table's roles with no table around them (axe:
 * aria-required-parent), and their hours scroll without a way in by keyboard
 * (scrollable-region-focusable). react-big-calendar takes no props for either,
 * so once a view is drawn its header becomes a real table (a row of day headers
 * over the row of all-day courses) and the hours a focusable group. React never
 * sets these attributes, so they stay until the view is drawn again.
 */
function repairTimeView(calendar: HTMLElement | null) {
  const header = calendar?.querySelector(".rbc-time-header-content");
  if (!calendar || !header) return;
  header.setAttribute("role", "table");
  header.setAttribute("aria-label", "All-day courses");
  header.querySelector(".rbc-time-header-cell")?.setAttribute("role", "row");
  header.querySelectorAll(".rbc-time-header-cell > .rbc-header").forEach((cell) => cell.setAttribute("role", "columnheader"));
  header.querySelectorAll(".rbc-header [role=columnheader]").forEach((label) => {
    label.removeAttribute("role");
    label.removeAttribute("aria-sort");
  });
  // A week or day without courses draws its all-day row with no cell in it (aria-required-children):
  // then the table is its row of day headers alone. Set on every draw, as the next range may have courses.
  const courses = header.querySelector(".rbc-allday-cell");
  const hasCourses = courses?.querySelector("[role=cell]") != null;
  courses?.setAttribute("role", hasCourses ? "rowgroup" : "none");
  courses?.querySelector(".rbc-row-content")?.setAttribute("role", hasCourses ? "row" : "none");
  const hours = calendar.querySelector(".rbc-time-content");
  hours?.setAttribute("tabindex", "0");
  hours?.setAttribute("role", "group");
  hours?.setAttribute("aria-label", "Hours of the day");
}

/**
 * Spec 2, Schedule: the editions on a month, week or day calendar; an event opens its details.
 * It opens on `today` (yyyy-MM-dd, the server's day while the page hydrates,
 * then the visitor's; see the schedule page), and follows the browser's clock
 * once it has hydrated. `place` is where the address says it was looking (calendarPlaceOf); as the
 * visitor moves, the address follows, so Back from a course's page returns to the same month.
 */
export default function ScheduleCalendar({
  editions,
  today,
  place = { view: "month", date: null },
}: {
  editions: readonly ScheduleEdition[];
  today: string;
  place?: CalendarPlace;
}) {
  const events = useMemo(() => scheduleEvents(editions), [editions]);
  const [selected, setSelected] = useState<ScheduleEvent | null>(null);
  const pageDay = useMemo(() => parseISO(today), [today]);
  const now = useNow(pageDay);
  const [view, setView] = useState<View>(place.view);
  // Today until the visitor moves.
  const [chosenDate, setDate] = useState<Date | null>(() => (place.date ? parseISO(place.date) : null));
  const date = chosenDate ?? now;
  useEffect(() => {
    const url = new URL(window.location.href);
    const search = withCalendarPlace(url.searchParams, {
      view: view === "week" || view === "day" ? view : "month",
      date: chosenDate ? format(chosenDate, "yyyy-MM-dd") : null,
    }).toString();
    if (search === url.searchParams.toString()) return;
    url.search = search;
    // In place, not a navigation: the router's state is kept, and no page view, scroll or data load follows a move of the calendar.
    window.history.replaceState(window.history.state, "", url);
  }, [view, chosenDate]);
  const calendarRef = useRef<HTMLDivElement>(null);
  // A day opened from a control of the view it replaces ("+2 more", a day's heading or number) takes focus from it.
  const focusOpenedDay = useRef(false);
  const openDay = useCallback(
    (day: Date) => {
      focusOpenedDay.current = view !== "day";
      setView("day");
      setDate(day);
    },
    [view],
  );
  // After every draw of a view, as a new view or date redraws it.
  useEffect(() => {
    repairTimeView(calendarRef.current);
    if (!focusOpenedDay.current) return;
    focusOpenedDay.current = false;
    // Its first course, or else its hours: the control pressed went with the view it was in.
    const calendar = calendarRef.current;
    (calendar?.querySelector<HTMLElement>(".rbc-time-header-content [role=cell] button") ?? calendar?.querySelector<HTMLElement>(".rbc-time-content"))?.focus();
  }, [view, date]);
  return (
    <>
      <div ref={calendarRef} className="schedule-calendar rounded-2xl border border-navy/10 bg-white p-3 shadow-sm sm:p-5">
        <OpenDay value={openDay}>
          <Calendar<ScheduleEvent>
            style={{ height: CALENDAR_HEIGHT }}
            localizer={localizer}
            culture="en-GB"
            events={events}
            views={VIEWS}
            view={view}
            onView={setView}
            date={date}
            onNavigate={setDate}
            step={STEP_MINUTES}
            timeslots={TIMESLOTS}
            length={AGENDA_DAYS}
            getNow={() => now}
            onSelectEvent={setSelected}
            onDrillDown={openDay}
            tooltipAccessor={eventLabel}
            components={COMPONENTS}
            formats={FORMATS}
            scrollToTime={SCROLL_TO_TIME}
            eventPropGetter={eventProps}
          />
        </OpenDay>
      </div>
      <Dialog open={selected !== null} onOpenChange={(open) => !open && setSelected(null)}>
        {selected && <EventDetails event={selected} />}
      </Dialog>
    </>
  );
}

function EventDetails({ event }: { event: ScheduleEvent }) {
  const { description, location, placesLeft, placesAtCheckout } = event.resource;
  return (
    <DialogContent width="lg">
      <DialogHeader>
        <DialogTitle>{event.title}</DialogTitle>
        {description ? (
          <DialogDescription>
            <span className="font-semibold text-navy">Description:</span> {description}
          </DialogDescription>
        ) : (
          <DialogDescription className="sr-only">Course dates and place</DialogDescription>
        )}
      </DialogHeader>
      <dl className="grid gap-2 text-sm text-ink/85">
        {location && (
          <div className="flex items-center gap-2">
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-gold" />
            <dt className="font-semibold text-navy">Location:</dt>
            <dd>{location}</dd>
          </div>
        )}
        <div className="flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-gold" />
          <dt className="font-semibold text-navy">Starts:</dt>
          <dd>{format(event.start, "EEEE, MMMM do, yyyy")}</dd>
        </div>
        <div className="flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-gold" />
          <dt className="font-semibold text-navy">Ends:</dt>
          <dd>{format(addDays(event.end, -1), "EEEE, MMMM do, yyyy")}</dd>
        </div>
        {placesLeft !== null && (
          <div className="flex items-center gap-2">
            <Users aria-hidden="true" className="size-4 shrink-0 text-gold" />
            <dt className="sr-only">Places</dt>
            <dd className={cn("font-semibold", placesLeftTone(placesLeft, placesAtCheckout))}>{placesLeftLabel(placesLeft, placesAtCheckout)}</dd>
          </div>
        )}
      </dl>
      <Link to={courseDetailsPath(event.title)} className={cn(buttonVariants({ variant: "navy" }), "sm:justify-self-start")}>
        View Course Details
      </Link>
    </DialogContent>
  );
}
