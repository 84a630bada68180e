import { OFFERINGS } from "~/content/offerings";
import type { Programme } from "~/content/programmes";
import { courseJsonLd } from "./course-json-ld";

/** schema.org Course for a programme card, priced as the page shows it. */
export function programmeJsonLd(siteUrl: string, programme: Programme, path: string) {
  const offering = OFFERINGS.find((candidate) => candidate.title === programme.storedTitle);
  return courseJsonLd({
    siteUrl,
    path,
    name: programme.name,
    description: programme.description,
    priceMinor: programme.pricePounds * 100,
    location: offering?.location ?? programme.location ?? "",
    days: offering?.days,
  });
}
