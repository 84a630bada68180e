import type { Programme } from "~/content/programmes";

import { courseJsonLd } from "./course-json-ld";

/** What structured data needs of an offering: as the database has it. */
interface PricedOffering {
  priceAmount: number;
  priceCurrency: string;
  location: string;
  lengthDays: number;
}

/** What a programme page's loader read for its cards, keyed by programme; absent while the page has no data (an error page's meta). */
interface ProgrammePageFacts {
  offerings: Readonly<Record<string, PricedOffering>>;
  datePrices: Readonly<Record<string, readonly { amount: number; currency: string }[]>>;
}

/** A programme page's structured data: one Course for each of its cards, linked to the card's anchor on the page. */
export function programmePageJsonLd(siteUrl: string, programmes: readonly Programme[], page: ProgrammePageFacts | undefined, pagePath: string) {
  return programmes.map((programme) =>
    programmeJsonLd(siteUrl, programme, page?.offerings[programme.key], page?.datePrices[programme.key], `${pagePath}#${programme.key}`),
  );
}

/** schema.org Course for a programme card, offered at what its dates on sale cost, else at the fee the page shows (from the database). */
function programmeJsonLd(
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
