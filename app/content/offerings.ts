/**
 * The institute's offerings as scheduled in the database: titles, formats and
 * prices (spec section 3). Stored course rows carry these titles, which is how
 * programme pages find their dates and interest registrations find their course.
 * Edit here; the demo seed and the interest options follow.
 */
export interface Offering {
  /** Stable key used in code and content; never shown. */
  key: string;
  title: string;
  slug: string;
  duration: string;
  location: string;
  /** Length of one edition in days, start and end included. */
  days: number;
  /** Pounds in minor units (pence). */
  priceAmount: number;
  /** Stripe price ids, one per seeded edition; empty while bookings are not open. */
  priceIds: string[];
  /** Places per edition: small groups. */
  capacity: number;
  imageUrl: string;
  description: string;
}

export const DUBAI_LOCATION = "Dubai Healthcare City, Dubai";
export const LONDON_LOCATION = "London, United Kingdom";

export const OFFERINGS = [
  {
    key: "level-1",
    title: "Level 1 - Full Arch Implant Course",
    slug: "level-1-full-arch-implant-course",
    duration: "2 days",
    location: LONDON_LOCATION,
    days: 2,
    priceAmount: 150_000,
    priceIds: [],
    capacity: 16,
    imageUrl: "/media/img/course-level-1-960.webp",
    description:
      "Foundations in full arch: diagnosis, treatment planning, implant positioning and prosthetic workflow for full-arch rehabilitation, taught over two days in London.",
  },
  {
    key: "level-2",
    title: "Level 2 - Ultimate Full Arch Live Course",
    slug: "level-2-ultimate-full-arch-live-course",
    duration: "4 days",
    location: DUBAI_LOCATION,
    days: 4,
    priceAmount: 1_200_000,
    priceIds: ["price_level2_live_surgery"],
    capacity: 8,
    imageUrl: "/media/img/course-level-2-960.webp",
    description:
      "Four days of live full-arch surgery in Dubai with 1-to-1 supervision: you place implants on your own patients under a temporary licence, with a 3-night hotel stay included.",
  },
  {
    key: "level-3",
    title: "Level 3 - Full Arch Zygomatic Implants",
    slug: "level-3-full-arch-zygomatic-implants",
    duration: "4 days",
    location: DUBAI_LOCATION,
    days: 4,
    priceAmount: 1_299_500,
    priceIds: ["price_level3_zygomatic_autumn", "price_level3_zygomatic_winter"],
    capacity: 6,
    imageUrl: "/media/img/course-level-3-960.webp",
    description:
      "Zygomatic and advanced full-arch surgery for the severely atrophic maxilla: four days of live surgery in Dubai for clinicians who have completed Level 2.",
  },
  {
    key: "complications",
    title: "Full Arch Complications",
    slug: "full-arch-complications",
    duration: "1 day",
    location: LONDON_LOCATION,
    days: 1,
    priceAmount: 90_000,
    priceIds: ["price_full_arch_complications"],
    capacity: 12,
    imageUrl: "/media/img/course-complications-960.webp",
    description:
      "A one-day London course on preventing, recognising and managing surgical and prosthetic complications in full-arch treatment. 50% off for past full arch attendees.",
  },
  {
    key: "sinus-grafting",
    title: "Sinus Grafting",
    slug: "sinus-grafting",
    duration: "1 day",
    location: LONDON_LOCATION,
    days: 1,
    priceAmount: 150_000,
    priceIds: ["price_sinus_grafting"],
    capacity: 10,
    imageUrl: "/media/img/course-sinus-grafting-960.webp",
    description:
      "Lateral window and crestal sinus augmentation: case selection, technique, materials and managing membrane perforations, with hands-on training in London.",
  },
  {
    key: "hard-soft-tissue-grafting",
    title: "Hard and Soft Tissue Grafting Course",
    slug: "hard-and-soft-tissue-grafting-course",
    duration: "1 day",
    location: LONDON_LOCATION,
    days: 1,
    priceAmount: 200_000,
    priceIds: [],
    capacity: 10,
    imageUrl: "/media/img/course-tissue-grafting-960.webp",
    description:
      "Guided bone regeneration, block grafts and soft tissue augmentation around implants, from flap design to closure, taught in London.",
  },
] as const satisfies readonly Offering[];

export type OfferingKey = (typeof OFFERINGS)[number]["key"];

/** Spec 3, course interest options: the offering titles, in this order. */
export const COURSE_INTEREST_OPTIONS = OFFERINGS.map((offering) => offering.title);
