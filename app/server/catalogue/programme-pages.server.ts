import { type ProgrammePageKey, programmesOn } from "~/content/programmes";
import { withViewerPrices } from "~/server/booking/discounts.server";
import type { Database } from "~/server/db/client.server";
import { log } from "~/server/platform/log.server";

import { byOffering, type DatePrice, datePricesByOffering, type EditionSummary, todayIsoDate, upcomingEditions } from "./editions.server";
import { type OfferingFacts, offeringsByKey } from "./offerings.server";

export interface ProgrammePageData {
  /** For spec 9's labels: "YYYY-MM-DD". */
  today: string;
  /** Each card's offering from the database: its price and facts, by key. */
  offerings: Record<string, OfferingFacts>;
  /** What each card's dates on sale are sold at, by key: for its structured data, in the page's head. */
  datePrices: Record<string, DatePrice[]>;
  /** Each card's future editions, by offering key, streamed after the page shell. */
  editions: Promise<Record<string, EditionSummary[]>>;
}

/**
 * What a program page's loader returns. Prices are read before the page
 * renders (they are in its HTML and structured data); dates stream in after,
 * with their places as the signed-in `viewerId` would find them.
 * A failed read of the dates is logged and the cards show their fallback
 * labels (spec 8: date fetch errors are console-only); `onReadFailed` hears of it.
 */
export async function programmePageData(
  db: Database,
  page: ProgrammePageKey,
  { viewerId, onReadFailed }: { viewerId: string | null; onReadFailed?: () => void },
): Promise<ProgrammePageData> {
  const today = todayIsoDate();
  const keys = programmesOn(page).map((programme) => programme.key);
  const editions = upcomingEditions(db, { today, offeringKeys: keys, viewerId })
    .then((found) => withViewerPrices(db, viewerId, found))
    .then(byOffering)
    .catch((error: unknown): Record<string, EditionSummary[]> => {
      log.error(`Could not load course dates for /courses/${page}`, error);
      onReadFailed?.();
      return {};
    });
  const [offerings, datePrices] = await Promise.all([offeringsByKey(db, keys), datePricesByOffering(db, { today, offeringKeys: keys })]);
  return { today, offerings, datePrices, editions };
}
