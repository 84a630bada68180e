import { SITE } from "~/content/site";

/** Spec 9: the reply promise shown on the contact page. */
const REPLY_WINDOW = "24-48 business hours";

/** Copy of the contact page (spec 2, Contact). */
export const CONTACT = {
  title: "Contact Us",
  description: `Contact ${SITE.name} about implantology courses in Dubai and London, bookings and live-patient training. Email ${SITE.generalEmail}; we reply within ${REPLY_WINDOW}.`,
  intro: "Questions about a course, a booking or training with us? Our team is happy to help.",
  connect: {
    heading: `Connect With ${SITE.name}`,
    intro: "Reach us by email, book a course online, or find us at our Dubai training centre.",
    email: { label: "General Inquiries", address: SITE.generalEmail },
    bookings: {
      label: "Course Bookings",
      href: "/courses",
      text: "See every course with its dates and fees, and book your place online.",
    },
    location: {
      label: "Dubai Training Centre",
      lines: [SITE.dubaiAddress.building, SITE.dubaiAddress.area, `${SITE.dubaiAddress.city}, ${SITE.dubaiAddress.country}`],
    },
    replyNote: { lead: "We reply to every message within", window: REPLY_WINDOW },
  },
  form: {
    heading: "Send Us a Message",
    intro: "Tell us how we can help and we will get back to you by email.",
  },
} as const;
