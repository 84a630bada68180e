import { SITE } from "./site";

/** Spec 2, Home: one question of the FAQ accordion. */
export interface FaqItem {
  /** Stable key for the accordion; never shown. */
  id: string;
  question: string;
  answer: readonly string[];
  /** Shows the button that opens the course location map. */
  showsLocationMap?: boolean;
}

const { area, building } = SITE.dubaiAddress;

export const FAQ_HEADING = "Frequently Asked Questions";
export const FAQ_INTRO = "Everything you need to know before you book. If your question is not here, our team is happy to help.";
export const LOCATION_MAP_BUTTON = "View Location Map";
export const LOCATION_MAP_TITLE = "Our Dubai Training Centre";
export const LOCATION_MAP_ALT = `Map showing the institute's training centre at ${area}, ${building}`;

/** Spec 1 and 2: the facts these answers must carry (location, fees, language, licence, certificate, groups). */
export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    id: "location",
    question: "Where do the courses take place?",
    answer: [
      `Our Dubai courses are held at ${area} (${building}), a dedicated free zone for healthcare and medical education. Some courses, including Level 1 and our grafting courses, run in London.`,
    ],
    showsLocationMap: true,
  },
  {
    id: "fees",
    question: "What is included in the course fee?",
    answer: [
      "Our fees are all-inclusive: tuition, implants, materials and food are covered, and so is your hotel stay where a course lists it (the Level 2 live course includes three nights), so there are no surprises once you arrive.",
      "Each course's \"What's included\" list on its programme page says exactly what its fee covers. Flights are not included; you book your own travel to Dubai or London.",
    ],
  },
  {
    id: "instalments",
    question: "Can I pay in instalments?",
    answer: [
      "Instalment terms are coming soon. We are finalising flexible payment options so you can spread the cost of your course; register your interest or contact us and we will let you know as soon as they are available.",
    ],
  },
  {
    id: "language",
    question: "What language are the courses taught in?",
    answer: ["All courses are taught in English, including lectures, course materials and chair-side supervision."],
  },
  {
    id: "licence",
    question: "Will I be able to operate on live patients?",
    answer: [
      "Yes. For our live-patient courses we arrange a temporary licence that allows you to operate on live patients during the course, under the direct supervision of our instructors.",
    ],
  },
  {
    id: "certificate",
    question: "Will I receive a certificate?",
    answer: ["Yes. Every delegate receives a certificate on completion of the course."],
  },
  {
    id: "group-size",
    question: "How large are the groups?",
    answer: [
      "We deliberately keep our groups small, so every delegate has close, personal supervision and real time in the surgical chair rather than watching from the back of the room.",
    ],
  },
];
