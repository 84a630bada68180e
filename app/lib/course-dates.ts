/** One future edition's dates (spec 7: start_date, end_date). */
export interface CourseDates {
  startDate: string;
  endDate: string | null;
}

/** Spec 2: the first future edition is the "Next course", the second the "Upcoming" one. */
export function nextAndUpcoming<Edition extends CourseDates>(editions: readonly Edition[] | undefined): { next?: Edition; upcoming?: Edition } {
  return { next: editions?.[0], upcoming: editions?.[1] };
}
