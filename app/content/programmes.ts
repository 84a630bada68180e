import { type ImageAsset, IMAGES, type VideoAsset, VIDEOS } from "./media";

/*
 * The program-page catalogue (spec 3): the copy of each offering, keyed by its
 * key in the offerings table. Titles, prices, locations, lengths and dates are
 * not here: the database is their one source. The fallback date label is
 * shown only when an offering has no stored edition.
 */

/** The offerings the site has copy for (rows of the offerings table). */
export const OFFERING_KEYS = ["level-1", "level-2", "level-3", "complications", "sinus-grafting", "hard-soft-tissue-grafting"] as const;
type OfferingKey = (typeof OFFERING_KEYS)[number];

export type ProgrammePageKey = "full-arch" | "grafting";

/**
 * How a card invites the visitor to act: open courses get Book Now (or
 * 'Details Coming Soon' while they have no valid price id); Level 1 is shown
 * as unavailable; Hard and Soft Tissue Grafting takes registrations of interest.
 */
type ProgrammeAvailability = "open" | "opening-soon" | "register-interest";

/** A fixed date text from spec 9, shown only until its course has ended, never as a stale date. */
interface FixedDateLabel {
  text: string;
  endsOn: string;
}

export interface Programme {
  key: OfferingKey;
  /** Display name on the program pages. */
  name: string;
  page: ProgrammePageKey;
  /** Short line above the name, such as "Live surgery"; it should not repeat the name. */
  eyebrow: string;
  /** For in-page navigation: "Level 2", "Complications". */
  shortName: string;
  /** Spec 3 "Format" column, one fact each: "4-day course", "Dubai", "1-to-1 supervision". */
  format: readonly string[];
  description: string;
  inclusions: readonly string[];
  objectives: readonly string[];
  /** A discount the price carries, in words (the price itself is the offering's, in the database). */
  priceNote?: string;
  availability: ProgrammeAvailability;
  /** Spec 9's hard-coded label, where the spec gives one. */
  fixedDateLabel?: FixedDateLabel;
  image: ImageAsset;
  imageAlt: string;
  /** A practical note after the inclusions, such as what the fee leaves out. */
  footnote?: string;
}

/** The fixed text while its dates are still ahead or under way; nothing once they have passed. */
function currentFixedLabel(label: FixedDateLabel | undefined, today: string): string | undefined {
  return label && today <= label.endsOn ? label.text : undefined;
}

/**
 * Spec 9, when no stored edition gives dates: the fixed label; otherwise the
 * offering's duration plus location (from the database); else 'Dates TBD'.
 * `today` is "YYYY-MM-DD".
 */
export function fallbackDateLabel(
  programme: Pick<Programme, "fixedDateLabel"> | undefined,
  offering: { format: string; location: string } | undefined,
  today: string,
): string {
  const fixed = currentFixedLabel(programme?.fixedDateLabel, today);
  if (fixed) return fixed;
  if (offering?.format && offering.location) return `${offering.format}, ${offering.location}`;
  return "Dates TBD";
}

const LEVEL_2_DATES: FixedDateLabel = { text: "13th-16th of November 2025", endsOn: "2025-11-16" };
const LEVEL_3_SEPTEMBER_DATES: FixedDateLabel = { text: "25-28th of September 2025", endsOn: "2025-09-28" };

const FLIGHTS_NOTE = "Flights are not included; we are happy to advise on travel and arrival times.";

export const PROGRAMMES: readonly Programme[] = [
  {
    key: "level-1",
    shortName: "Level 1",
    name: "Level 1 Foundations in Full Arch",
    page: "full-arch",
    eyebrow: "Foundations",
    format: ["2-day course", "London"],
    description:
      "Two days in London for clinicians beginning full-arch treatment. You learn to assess the failing and edentulous arch, plan implant positions from the final prosthesis backwards, and follow the surgical and restorative workflow from first consultation to final bridge.",
    inclusions: [
      "Two days of lectures and hands-on workshops",
      "Model-based surgical and prosthetic exercises",
      "Workshop kits and course notes",
      "Lunch and refreshments on both days",
      "Certificate of completion",
    ],
    objectives: [
      "Assess patients for full-arch treatment and explain the options with confidence",
      "Plan implant number, position and angulation around the final prosthesis",
      "Understand immediate loading protocols and when they apply",
      "Follow the prosthetic workflow from records to the definitive bridge",
      "Recognise which cases to refer and which to bring to Level 2 live surgery",
    ],
    availability: "opening-soon",
    fixedDateLabel: { text: "Dates TBD in November 2025", endsOn: "2025-11-30" },
    image: IMAGES.courseLevel1,
    imageAlt: "Clinicians planning a full-arch case together in a London seminar room",
  },
  {
    key: "level-2",
    shortName: "Level 2",
    name: "Level 2 Full Arch Live Surgery",
    page: "full-arch",
    eyebrow: "Live surgery",
    format: ["4-day course", "Dubai", "1-to-1 supervision", "3-night hotel stay"],
    description:
      "Four days of live full-arch surgery at our clinic in Dubai Healthcare City. Under a temporary licence and with a supervisor beside you for every case, you plan and treat real patients, from extractions and implant placement to same-day provisional bridges.",
    inclusions: [
      "Temporary licence to operate on live patients in Dubai",
      "1-to-1 supervision in every surgery",
      "Patients, implants and surgical materials",
      "3-night hotel stay",
      "Lunch and refreshments each day",
      "Certificate of completion",
    ],
    objectives: [
      "Plan full-arch cases from CBCT, photographs and a prosthetic set-up",
      "Carry out extractions, bone reduction and full-arch implant placement on live patients",
      "Place tilted posterior implants to avoid grafting",
      "Deliver an immediately loaded provisional bridge on the day of surgery",
      "Manage patients before, during and after surgery",
      "Take a repeatable protocol back to your own practice",
    ],
    priceNote: "£500 off after completing Level 1",
    availability: "open",
    fixedDateLabel: LEVEL_2_DATES,
    image: IMAGES.courseLevel2,
    imageAlt: "A delegate placing implants on a live patient with a supervising surgeon in Dubai",
    footnote: FLIGHTS_NOTE,
  },
  {
    key: "level-3",
    shortName: "Level 3",
    name: "Level 3 Zygomatic and Advanced Full Arch",
    page: "full-arch",
    eyebrow: "Zygomatic",
    format: ["4-day course", "Dubai", "Live surgery"],
    description:
      "For surgeons who have completed Level 2 or have equivalent full-arch experience. Four days in Dubai on treating the severely atrophic maxilla without grafting, combining zygomatic anatomy, case planning and live zygomatic surgery under close supervision.",
    inclusions: [
      "Temporary licence to operate on live patients in Dubai",
      "Live zygomatic surgery under close supervision",
      "Patients, implants and surgical materials",
      "Lunch and refreshments each day",
      "Certificate of completion",
    ],
    objectives: [
      "Understand zygomatic anatomy and the risks around the orbit and sinus",
      "Select patients and plan zygomatic and quad-zygomatic cases from CBCT",
      "Place zygomatic implants with extra-sinus and intra-sinus approaches",
      "Combine zygomatic and conventional implants in one immediately loaded arch",
      "Prevent, recognise and manage zygomatic complications",
    ],
    availability: "open",
    fixedDateLabel: LEVEL_3_SEPTEMBER_DATES,
    image: IMAGES.courseLevel3,
    imageAlt: "Zygomatic implant planning on a 3D scan of the upper jaw",
    footnote: FLIGHTS_NOTE,
  },
  {
    key: "complications",
    shortName: "Complications",
    name: "Full Arch Complications",
    page: "full-arch",
    eyebrow: "Masterclass",
    format: ["1-day course", "London"],
    description:
      "A day in London on the complications full-arch clinicians meet: how to prevent them at the planning stage, recognise them early, and manage them surgically and prosthetically, taught through real cases.",
    inclusions: [
      "A full day of case-based teaching",
      "Step-by-step review of real complication cases",
      "Management protocols to take back to your practice",
      "Lunch and refreshments",
      "Certificate of completion",
    ],
    objectives: [
      "Trace most full-arch complications back to their planning errors",
      "Manage peri-implantitis, implant failure and soft tissue problems",
      "Resolve fractured prostheses, loose screws and occlusal problems",
      "Decide when to repair, revise or start again",
      "Discuss complications with patients clearly and professionally",
    ],
    priceNote: "50% off for past full arch attendees",
    availability: "open",
    image: IMAGES.courseComplications,
    imageAlt: "A clinician reviewing a full-arch radiograph with a colleague",
  },
  {
    key: "sinus-grafting",
    shortName: "Sinus",
    name: "Sinus Grafting",
    page: "grafting",
    eyebrow: "Sinus augmentation",
    format: ["London", "Hands-on"],
    description:
      "Sinus augmentation for the posterior maxilla: lateral window and crestal approaches, from case selection and CBCT assessment to the materials and techniques that give predictable bone for implants.",
    inclusions: [
      "Lectures and a hands-on workshop",
      "Sinus lift models, instruments and grafting materials",
      "Course notes",
      "Lunch and refreshments",
      "Certificate of completion",
    ],
    objectives: [
      "Assess sinus anatomy and pathology on CBCT",
      "Choose between crestal and lateral window approaches",
      "Elevate the membrane and place the graft",
      "Prevent and manage membrane perforations",
      "Time implant placement after grafting",
    ],
    availability: "open",
    image: IMAGES.courseSinusGrafting,
    imageAlt: "A surgeon demonstrating a lateral window sinus lift on a training model",
  },
  {
    key: "hard-soft-tissue-grafting",
    shortName: "Hard and Soft Tissue",
    name: "Hard and Soft Tissue Grafting",
    page: "grafting",
    eyebrow: "Bone and soft tissue",
    format: ["London", "Hands-on"],
    description:
      "Rebuild bone and soft tissue around implants for function and aesthetics: guided bone regeneration, particulate and block grafts, connective tissue grafts, and the flap design that brings it all to a tension-free closure.",
    inclusions: [
      "Lectures and a hands-on workshop",
      "Models for bone and soft tissue grafting",
      "Grafting materials and membranes for the workshop",
      "Lunch and refreshments",
      "Certificate of completion",
    ],
    objectives: [
      "Classify ridge defects and choose the right grafting approach",
      "Perform guided bone regeneration with membranes",
      "Harvest and place connective tissue and free gingival grafts",
      "Design flaps and achieve tension-free closure",
      "Prevent and manage graft complications",
    ],
    availability: "register-interest",
    image: IMAGES.courseTissueGrafting,
    imageAlt: "Soft tissue graft instruments and membranes laid out for a workshop",
  },
];

export function programmesOn(page: ProgrammePageKey): readonly Programme[] {
  return PROGRAMMES.filter((programme) => programme.page === page);
}

/** The copy of an offering, by its key; none for an offering the site has no copy for. */
export function programmeFor(key: string): Programme | undefined {
  return PROGRAMMES.find((programme) => programme.key === key);
}

/** Whether a course's page offers Book Now at all (for an edition with a valid price id); an offering without copy does. */
export function sellsPlaces(programme: Programme | undefined): boolean {
  return (programme?.availability ?? "open") === "open";
}

/** Spec 3, Catalogue card. */
export interface CatalogueCard {
  name: string;
  description: string;
  link: string;
  image: ImageAsset;
  imageAlt: string;
}

export const CATALOGUE: readonly CatalogueCard[] = [
  {
    name: "Full Arch Rehabilitation",
    description:
      "Our three-level programme, from foundations in London to live full-arch and zygomatic surgery in Dubai, with a one-day course on managing complications.",
    link: "/courses/full-arch",
    image: IMAGES.catalogueFullArch,
    imageAlt: "A full-arch implant case being planned on screen",
  },
  {
    name: "Grafting Techniques",
    description: "Sinus, hard and soft tissue grafting in London: build the bone and soft tissue that lasting implant results depend on.",
    link: "/courses/grafting",
    image: IMAGES.catalogueGrafting,
    imageAlt: "Grafting materials and instruments prepared for a sinus lift",
  },
];

/** Fees from the spec (9: "fees start at £1,500"). */
export const FEES_FROM_POUNDS = 1_500;

/** Copy of the three programme pages. */
export const COURSES_PAGE = {
  title: "Courses",
  heading: "Our Courses",
  description:
    "Dental implant courses in Dubai and London: a three-level full-arch programme with live-patient surgery, full-arch complications, and sinus, hard and soft tissue grafting.",
  intro: "Hands-on implantology training for dentists, in small groups, taught by practising clinicians in Dubai and London.",
  heroImage: IMAGES.coursesHero,
  tour: VIDEOS.facilitiesTour,
  tourTitle: "A tour of our Dubai training facility",
  tourIntro: "Our clinic in Dubai Healthcare City has fully equipped surgical suites where every delegate operates on live patients under supervision.",
} as const;

export const FULL_ARCH_PAGE = {
  title: "Full Arch Implant Program",
  heading: "Full Arch Implant Program",
  description:
    "A three-level full arch implant programme: foundations in London, live full-arch surgery and zygomatic implants in Dubai, plus a one-day course on full arch complications.",
  intro: "From planning your first full-arch case to placing zygomatic implants: a structured path with live-patient surgery and one-to-one supervision.",
  heroVideo: VIDEOS.fullArchHero,
  recapTitle: "Level 2 in four days",
  recapIntro: "Short recaps from each day of a recent Level 2 live surgery course in Dubai.",
  recapVideos: VIDEOS.level2Recap as readonly VideoAsset[],
} as const;

export const GRAFTING_PAGE = {
  title: "Grafting Techniques",
  heading: "Grafting Techniques",
  description:
    "Sinus grafting and hard and soft tissue grafting courses for dentists in London: case selection, technique and complication management with hands-on training.",
  intro: "Predictable implants start with enough bone and healthy soft tissue. Learn to build both, hands-on, in London.",
  heroImage: IMAGES.catalogueGrafting,
} as const;

/**
 * The two instructors, named, titled and ordered as on the instructors page
 * (app/content/instructors.ts, whose biographies stay out of the course
 * detail page's script; a test keeps the two lists the same).
 */
export const COURSE_INSTRUCTORS = [
  { name: "Dr. Karim Haddad", role: "Clinical Director and Lead Surgical Instructor" },
  { name: "Dr. Amelia Hart", role: "Prosthodontist and Head of Restorative Training" },
] as const;
