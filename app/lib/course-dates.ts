/** One future edition's dates, as programme pages receive them (spec 7: title, start_date, end_date). */
export interface CourseDates {
  startDate: string;
  endDate: string | null;
  /** The edition's price id, so a course with several (Level 3) can label each Book Now with its dates. */
  priceId: string | null;
}

/** Future editions per stored course title, each list ascending by start date. */
export type DatesByTitle = Record<string, CourseDates[]>;

/** Spec 2: the first future edition is the "Next course", the second the "Upcoming" one. */
export function nextAndUpcoming(dates: readonly CourseDates[] | undefined): {
  next?: CourseDates;
  upcoming?: CourseDates;
} {
  return { next: dates?.[0], upcoming: dates?.[1] };
}

/** The first future edition sold under this price id. */
export function editionForPriceId(dates: readonly CourseDates[] | undefined, priceId: string): CourseDates | undefined {
  return dates?.find((edition) => edition.priceId === priceId);
}
