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

/**
 * react-big-calendar's month view, drawn with its events from the first render.
 * The library's own first draw is an empty grid that it measures to learn how
 * many events fit in a day, and then draws again. The server cannot measure,
 * and its HTML is the calendar a visitor sees until they use it (see the
 * schedule page): this view starts from the room a day has as the browser
 * would measure it, and measures once it is there, before the browser paints.
 */
export class MonthDrawnAtOnce extends MonthView {
  constructor(props: MonthViewProps) {
    super(props);
    const weeks = props.localizer.visibleDays(props.date, props.localizer).length / 7;
    this.state = { ...this.state, rowLimit: ROW_LIMIT_BY_WEEKS[weeks] ?? 2, needLimitMeasure: false, date: props.date };
  }

  override componentDidMount() {
    super.componentDidMount();
    this.setState({ needLimitMeasure: true });
  }
}
