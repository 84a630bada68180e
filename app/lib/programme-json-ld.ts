import type { Programme } from "~/content/programmes";

import { courseJsonLd } from "./course-json-ld";

/** What structured data needs of an offering: as the database has it. */
interface PricedOffering {
  priceAmount: number;
  priceCurrency: string;
  location: string;
  lengthDays: number;
}

/** schema.org Course for a programme card, priced as the page shows it (from the database). */
export function programmeJsonLd(siteUrl: string, programme: Programme, offering: PricedOffering | undefined, path: string) {
  return courseJsonLd({
    siteUrl,
    path,
    name: programme.name,
    description: programme.description,
    priceMinor: offering?.priceAmount,
    currency: offering?.priceCurrency,
    location: offering?.location ?? "",
    days: offering?.lengthDays,
  });
}
