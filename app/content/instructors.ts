import { type ImageAsset, IMAGES } from "./media";

export const INSTRUCTORS_PAGE = {
  title: "Our Instructors",
  description:
    "Meet the clinicians who teach at the Global Implant Institute: experienced implant surgeons and prosthodontists who supervise every delegate chair-side.",
  intro: "Practising clinicians who teach the protocols they use with their own patients, and stay beside you at the chair.",
  backLink: { label: "Back to Homepage", to: "/#instructors" },
} as const;

/** Spec 2, Instructors: one card per instructor (photo, name, title, bio paragraphs). */
export interface Instructor {
  name: string;
  title: string;
  photo: ImageAsset;
  /** Alternative text for the portrait. */
  photoAlt: string;
  /** One short line for the home page's instructors introduction. */
  summary: string;
  bio: readonly string[];
}

/**
 * PLACEHOLDER CONTENT: the specification does not name the two instructors or
 * give their biographies. The names, titles and biographies below are
 * placeholders for the institute to replace with its instructors' own details
 * before launch. The order matters: the first-named instructor is shown first.
 */
export const INSTRUCTORS: readonly Instructor[] = [
  {
    name: "Dr. Karim Haddad",
    title: "Clinical Director and Lead Surgical Instructor",
    photo: IMAGES.instructorOne,
    photoAlt: "Portrait of Dr. Karim Haddad",
    summary: "Full-arch and zygomatic surgeon who leads every live-patient session.",
    bio: [
      "Dr. Karim Haddad is an implant surgeon whose clinical work centres on full-arch rehabilitation of the edentulous and failing dentition, from conventional full-arch protocols to zygomatic implants for the severely atrophic maxilla.",
      "As Clinical Director he designed the institute's three-level Full Arch programme and supervises the live-patient sessions in Dubai, working one-to-one with each delegate from treatment planning through to placement and immediate loading.",
      "He believes surgical confidence is built chair-side: every delegate should leave having planned, placed and restored real cases under close supervision, with a clear protocol to take back to their own practice.",
    ],
  },
  {
    name: "Dr. Amelia Hart",
    title: "Prosthodontist and Head of Restorative Training",
    photo: IMAGES.instructorTwo,
    photoAlt: "Portrait of Dr. Amelia Hart",
    summary: "Prosthodontist who teaches the restorative workflow behind predictable full-arch results.",
    bio: [
      "Dr. Amelia Hart is a prosthodontist focused on the restorative side of full-arch implant treatment: digital planning, immediate provisional prostheses and long-term maintenance of complex cases.",
      "She leads the institute's restorative and grafting teaching, showing delegates how prosthetic planning drives implant position, and how sinus, hard and soft tissue grafting create the foundation for lasting results.",
      "Her teaching is practical and case-based, drawing on the complications she has managed to help clinicians prevent them in their own patients.",
    ],
  },
];
