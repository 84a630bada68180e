import CalendarModule from "react-big-calendar/lib/Calendar";
import DateFnsModule from "react-big-calendar/lib/localizers/date-fns";
import MonthModule, { type MonthViewProps } from "react-big-calendar/lib/Month";

/**
 * The parts of react-big-calendar the schedule uses, from the package's
 * CommonJS modules: its month view is exported by no other name, and its ES
 * bundle would be a second copy of the calendar beside it. Node hands over a
 * CommonJS module's exports, a bundler its `default`.
 */
function commonJsDefault<T>(module: T | { default: T }): T {
  return typeof module === "object" && module !== null && "default" in module ? module.default : module;
}

export const Calendar = commonJsDefault(CalendarModule);
export const dateFnsLocalizer = commonJsDefault(DateFnsModule);
const MonthView = commonJsDefault(MonthModule);

/**
 * The rows of events a day has room for (the last one "+N more" when there are
 * more) as the browser measures them in the schedule's 700 px calendar, at any
 * width from 390 px up, by the weeks the month's grid has.
 */
const ROW_LIMIT_BY_WEEKS: Record<number, number> = { 4: 4, 5: 3, 6: 2 };

function expectedRowLimit({ date, localizer }: MonthViewProps): number {
  return ROW_LIMIT_BY_WEEKS[localizer.visibleDays(date, localizer).length / 7] ?? 2;
}

/**
 * The rows of events a day has room for, measured as the library measures
 * them (under a week's day numbers, rows the height of one blank event), on a
 * row added beside the drawn ones and taken away before the browser paints.
 */
function measuredRowLimit(monthView: HTMLElement | null): number | undefined {
  const week = monthView?.querySelector<HTMLElement>(".rbc-month-row");
  const days = week?.querySelector(":scope > .rbc-row-content");
  const dayNumbers = days?.firstElementChild;
  if (!week || !days || !dayNumbers) return undefined;
  const blankEvent = document.createElement("div");
  blankEvent.className = "rbc-row";
  blankEvent.innerHTML = '<div class="rbc-row-segment"><div class="rbc-event"><div class="rbc-event-content">&nbsp;</div></div></div>';
  days.append(blankEvent);
  const eventHeight = blankEvent.getBoundingClientRect().height;
  blankEvent.remove();
  if (!eventHeight) return undefined;
  return Math.max(Math.floor((week.getBoundingClientRect().height - dayNumbers.getBoundingClientRect().height) / eventHeight), 1);
}

/**
 * react-big-calendar's month view, drawn with its events from the first render.
 * The library measures how many events fit in a day by drawing its month empty
 * and then again: on its first draw, on every resize and on a new month. The
 * server cannot measure, and its HTML is the calendar a visitor sees until they
 * use it (see the schedule page); and an event drawn again under a finger loses
 * its tap (seen in CI: a tap begun as the calendar hydrated opened nothing).
 * This view starts from the room the table above expects, and on its first draw
 * and on a resize measures without drawing, drawing again only if the room
 * differs. A new month, reached from the toolbar, is measured the library's way.
 */
export class MonthDrawnAtOnce extends MonthView {
  private resizeFrame = 0;

  constructor(props: MonthViewProps) {
    super(props);
    this.state = { ...this.state, rowLimit: expectedRowLimit(props), needLimitMeasure: false, date: props.date };
  }

  override componentDidMount() {
    this.fitRows();
    window.addEventListener("resize", this.onResize);
  }

  override componentWillUnmount() {
    cancelAnimationFrame(this.resizeFrame);
    window.removeEventListener("resize", this.onResize);
  }

  private readonly onResize = () => {
    cancelAnimationFrame(this.resizeFrame);
    this.resizeFrame = requestAnimationFrame(() => this.fitRows());
  };

  private fitRows() {
    const rowLimit = measuredRowLimit(this.containerRef.current);
    if (rowLimit !== undefined && rowLimit !== this.state.rowLimit) this.setState({ rowLimit });
  }
}
