import { SITE } from "~/content/site";
import { minorUnitsAsDecimal } from "~/lib/format";

/** One dated edition, as the database stores its dates ("YYYY-MM-DD"). */
interface CourseInstanceDates {
  startDate: string;
  endDate: string | null;
}

/** A price in minor units (pence), and its currency ("gbp"). */
interface Price {
  amount: number;
  currency: string;
}

export interface CourseJsonLdInput {
  /** The public origin, without a trailing slash. */
  siteUrl: string;
  /** Where the course is shown: "/courses/full-arch#level-2", "/courses/sinus-grafting". */
  path: string;
  name: string;
  description: string;
  /** The course fee, in minor units: offered while no date is on sale; no offer when not priced either. */
  priceMinor?: number | null;
  currency?: string;
  /** What the dates on sale are sold at (each keeps the price it was scheduled with): offered instead of the fee. */
  datePrices?: readonly Price[];
  /** A city or a full address line: Dubai courses get the clinic's address. */
  location: string;
  /** Length of one edition in days, for the workload when no dated edition is known. */
  days?: number;
  editions?: readonly CourseInstanceDates[];
}

function place(location: string) {
  if (/dubai/i.test(location)) {
    return {
      "@type": "Place",
      name: `${SITE.dubaiAddress.area}, ${SITE.dubaiAddress.city}`,
      address: {
        "@type": "PostalAddress",
        streetAddress: `${SITE.dubaiAddress.building}, ${SITE.dubaiAddress.area}`,
        addressLocality: SITE.dubaiAddress.city,
        addressCountry: "AE",
      },
    };
  }
  if (/london/i.test(location)) {
    return { "@type": "Place", name: "London", address: { "@type": "PostalAddress", addressLocality: "London", addressCountry: "GB" } };
  }
  return { "@type": "Place", name: location };
}

/** What can be bought: each date's own price once, lowest first; the fee while no date is on sale. */
function offeredPrices({ datePrices, priceMinor, currency = "gbp" }: CourseJsonLdInput): Price[] {
  if (datePrices?.length) {
    const distinct = new Map(datePrices.map((price) => [`${price.currency.toUpperCase()} ${price.amount}`, price]));
    return [...distinct.values()].sort((a, b) => a.amount - b.amount);
  }
  return priceMinor != null ? [{ amount: priceMinor, currency }] : [];
}

/**
 * schema.org Course for search engines: provider, prices and either the dated
 * editions or, when none is known, the course's length (one of the two is
 * required for course rich results).
 */
export function courseJsonLd(input: CourseJsonLdInput) {
  const url = new URL(input.path, `${input.siteUrl}/`).href;
  const location = place(input.location);
  const prices = offeredPrices(input);
  const workload = input.days ? { courseWorkload: `P${input.days}D` } : {};
  const instances = input.editions?.length
    ? input.editions.map((edition) => ({
        "@type": "CourseInstance",
        courseMode: "Onsite",
        startDate: edition.startDate,
        endDate: edition.endDate ?? edition.startDate,
        location,
        ...workload,
      }))
    : [{ "@type": "CourseInstance", courseMode: "Onsite", location, ...workload }];
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: input.name,
    description: input.description,
    url,
    inLanguage: "en",
    educationalCredentialAwarded: "Certificate of completion",
    provider: { "@type": "EducationalOrganization", name: SITE.name, url: input.siteUrl },
    ...(prices.length > 0
      ? {
          offers: prices.map((price) => ({
            "@type": "Offer",
            category: "Paid",
            price: minorUnitsAsDecimal(price.amount),
            priceCurrency: price.currency.toUpperCase(),
            url,
          })),
        }
      : {}),
    hasCourseInstance: instances,
  };
}

interface MatchLike {
  id: string;
  loaderData: unknown;
}

/** The public origin from the root loader, for meta exports that build absolute URLs. */
export function siteUrlFromMatches(matches: ReadonlyArray<MatchLike | undefined>): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { publicEnv?: { siteUrl?: string } } | undefined;
  return root?.publicEnv?.siteUrl ?? "http://localhost:3000";
}
