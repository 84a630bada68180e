/**
 * react-big-calendar 1.20's CommonJS modules, which the schedule imports one by
 * one (see big-calendar.ts). Node hands over a module's exports, a bundler its `default`.
 */
declare module "react-big-calendar/lib/Calendar" {
  import type { Calendar } from "react-big-calendar";

  const exported: typeof Calendar | { default: typeof Calendar };
  export default exported;
}

declare module "react-big-calendar/lib/localizers/date-fns" {
  import type { dateFnsLocalizer } from "react-big-calendar";

  const exported: typeof dateFnsLocalizer | { default: typeof dateFnsLocalizer };
  export default exported;
}

/** The month view, which the package exports by no name: its props and state as the schedule uses them. */
declare module "react-big-calendar/lib/Month" {
  import type { Component, RefObject } from "react";
  import type { NavigateAction, TitleOptions } from "react-big-calendar";

  export interface MonthViewProps {
    date: Date;
    localizer: { visibleDays(date: Date, localizer: unknown): Date[] };
  }

  interface MonthViewState {
    rowLimit: number;
    needLimitMeasure: boolean;
    date: Date | null;
  }

  export class MonthView extends Component<MonthViewProps, MonthViewState> {
    static navigate(date: Date, action: NavigateAction, props: unknown): Date;
    static title(date: Date, options: TitleOptions): string;
    /** The month's grid. */
    containerRef: RefObject<HTMLDivElement | null>;
    componentDidMount(): void;
    componentWillUnmount(): void;
  }

  const exported: typeof MonthView | { default: typeof MonthView };
  export default exported;
}
