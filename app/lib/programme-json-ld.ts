import type { Programme } from "~/content/programmes";

import { courseJsonLd } from "./course-json-ld";

/** What structured data needs of an offering: as the database has it. */
interface PricedOffering {
  priceAmount: number;
  priceCurrency: string;
  location: string;
  lengthDays: number;
}

/** schema.org Course for a programme card, offered at what its dates on sale cost, else at the fee the page shows (from the database). */
export function programmeJsonLd(
  siteUrl: string,
  programme: Programme,
  offering: PricedOffering | undefined,
  datePrices: readonly { amount: number; currency: string }[] | undefined,
  path: string,
) {
  return courseJsonLd({
    siteUrl,
    path,
    name: programme.name,
    description: programme.description,
    priceMinor: offering?.priceAmount,
    currency: offering?.priceCurrency,
    datePrices,
    location: offering?.location ?? "",
    days: offering?.lengthDays,
  });
}
