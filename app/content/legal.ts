import { SITE } from "~/content/site";

/**
 * The Terms and Conditions and the Privacy Policy: every word of both pages
 * lives here, so a legal change is one edit in one file.
 *
 * Facts the spec states (dates, booking rule, £9,995 GBP, governing law, the
 * one-month reply, the providers) are written as they stand. Text the
 * institute has not given us yet is marked with a doc comment starting
 * "Institute to confirm:"; search for that before publishing a new version.
 */

/** Plain text, or a link inside running text. */
type Inline = string | { text: string; href: string };
/** A run of text with optional links, such as ["Write to us via our ", link("contact page", "/contact"), "."]. */
export type RichText = readonly Inline[];

export type LegalBlock =
  | { type: "paragraph"; content: RichText }
  | { type: "list"; items: readonly RichText[] }
  /** A term followed by its explanation, e.g. "Account data" and what it holds. */
  | { type: "definitions"; items: readonly { term: string; content: RichText }[] };

interface LegalSection {
  /** Anchor for the contents list and deep links (/terms#governing-law). */
  id: string;
  heading: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  /** Meta description for search results and link previews. */
  description: string;
  /** The dated line under the heading. */
  lastUpdated: string;
  intro: RichText;
  sections: readonly LegalSection[];
}

const link = (text: string, href: string): Inline => ({ text, href });
const p = (...content: Inline[]): LegalBlock => ({ type: "paragraph", content });
const list = (...items: (string | RichText)[]): LegalBlock => ({
  type: "list",
  items: items.map((item) => (typeof item === "string" ? [item] : item)),
});

/** Spec 9: both legal pages carry this line under their heading. */
const LEGAL_LAST_UPDATED = "Last Updated: April 29th, 2025";

/** Spec 9: how long a data-rights request may wait for our answer. */
const DATA_REQUEST_REPLY_WINDOW = "one month";

const GOVERNING_LAW = {
  law: "the United Arab Emirates",
  courts: "the courts in Dubai",
} as const;

const CONTACT_PATH = "/contact";

/** The companies that handle data or money for us; named in both documents. */
const PROVIDERS = {
  cardPayments: {
    name: "Stripe",
    role: "card payment provider",
    /** Spec 1: the payment methods offered at checkout. */
    methods: ["Visa", "Mastercard", "American Express", "Apple Pay", "Google Pay"],
    privacyUrl: "https://stripe.com/privacy",
  },
  instalments: {
    name: "Klarna",
    role: "instalment provider",
    privacyUrl: "https://www.klarna.com/international/privacy-policy/",
  },
  email: {
    name: "Resend",
    role: "email delivery provider",
    privacyUrl: "https://resend.com/legal/privacy-policy",
  },
  /**
   * Institute to confirm: the spec names "a hosting provider" without saying
   * which. Hetzner (servers in Germany and Finland) is our working assumption;
   * replace the name, place and link with the contracted host.
   */
  hosting: {
    name: "Hetzner Online GmbH",
    role: "hosting provider",
    where: "data centres in Germany and Finland, within the European Union",
    privacyUrl: "https://www.hetzner.com/legal/privacy-policy/",
  },
} as const;

/**
 * Spec 3: the terms state this single course and price. The programme page
 * shows £12,000 for Level 2; the spec keeps both readings, so this figure is
 * deliberately not derived from app/content/offerings.ts.
 */
const TERMS_COURSE = {
  title: "Ultimate Full Arch Live Course - Dubai",
  price: "£9,995 GBP",
} as const;

const paymentMethods = (type: "conjunction" | "disjunction") => new Intl.ListFormat("en-GB", { type }).format(PROVIDERS.cardPayments.methods);
const address = `${SITE.dubaiAddress.building}, ${SITE.dubaiAddress.area}, ${SITE.dubaiAddress.city}, ${SITE.dubaiAddress.country}`;

export const TERMS: LegalDocument = {
  title: "Terms and Conditions",
  description: `The terms for booking ${SITE.name} courses: how bookings are confirmed, course fees and what they include, payment by card or instalments, and governing law.`,
  lastUpdated: LEGAL_LAST_UPDATED,
  intro: [
    `These terms apply when you book a course with ${SITE.name} through this website. Please read them before you book. If anything is unclear, `,
    link("contact us", CONTACT_PATH),
    " before you pay.",
  ],
  sections: [
    {
      id: "about-us",
      heading: "About us and these terms",
      blocks: [
        p(
          `"We", "us" and "our" mean ${SITE.name}, ${address}. "You" means the dentist or dental professional who books a course. A "course" is any training programme we offer on this website, and a "booking" is your request for a place on one.`,
        ),
        p("By booking a course you agree to these terms. The version that applies to your booking is the one published on this page when you pay."),
      ],
    },
    {
      id: "courses-and-fees",
      heading: "Courses and fees",
      blocks: [
        p(`These terms cover the ${TERMS_COURSE.title}, at a course fee of ${TERMS_COURSE.price}, inclusive of the specified materials and accommodation.`),
        p("Our course fees are all-inclusive. Unless a course page says otherwise, the fee covers:"),
        list("tuition", "implants", "materials", "food during the course", "hotel accommodation"),
        p("Flights are not included: you arrange and pay for your own travel to and from the course, and any visas you need."),
        p("All courses are taught in English."),
        p("Prices may change before a booking is confirmed. The price that applies to you is the one shown at checkout when you pay."),
      ],
    },
    {
      id: "booking",
      heading: "Booking and confirmation",
      blocks: [
        p(
          "When you book, you make an offer to buy a place on the course. We accept your offer on successful payment confirmation, and only then does a contract between us exist.",
        ),
        p(
          "Your booking is confirmed only on full payment, or on the successful start of an approved instalment plan. Once it is confirmed, we send you a confirmation email.",
        ),
        p("If a payment or an instalment application does not succeed, no booking is made and your place is not held."),
      ],
    },
    {
      id: "payment",
      heading: "Payment",
      blocks: [
        p(
          `Card payments are handled by our ${PROVIDERS.cardPayments.role}, ${PROVIDERS.cardPayments.name}. You can pay with ${paymentMethods("disjunction")}. Your card details go straight to ${PROVIDERS.cardPayments.name}; we never see or store them.`,
        ),
        p(
          `You may also be able to pay in instalments through our ${PROVIDERS.instalments.role}, ${PROVIDERS.instalments.name}. The number of instalments and their amounts are as offered at checkout. An instalment plan is a separate agreement between you and ${PROVIDERS.instalments.name}, which decides whether to approve it under its own terms.`,
        ),
        p(
          "Any discount you are entitled to, such as an offer described on a course page or given when you create an account, is shown and applied at checkout before you pay.",
        ),
      ],
    },
    {
      id: "clinical-training",
      heading: "Live-patient training and certification",
      blocks: [
        /**
         * Institute to confirm: who issues the temporary licence, and the
         * documents a participant must send for it. The spec names the licence only.
         */
        p(
          "Courses with live-patient surgery include a temporary licence to operate on live patients for the duration of the course, which we arrange with the relevant authority.",
        ),
        p(
          "To obtain that licence you must hold a current dental qualification and registration, and send us the documents we ask for in good time before the course. If the licence cannot be issued because documents are missing, you will not be able to treat patients on the course.",
        ),
        p("You receive a certificate on completion of the course."),
      ],
    },
    /**
     * Institute to confirm: the whole of this section. The spec states no
     * cancellation or refund rules; this is a neutral placeholder policy that
     * promises nothing beyond a refund when we cancel.
     */
    {
      id: "changes-and-cancellation",
      heading: "Changes and cancellation",
      blocks: [
        p(
          "If you need to cancel or move your booking, ",
          link("contact us", CONTACT_PATH),
          " as early as you can. Because patients, implants and accommodation are arranged in advance for each participant, what we can refund or transfer depends on how close to the course date you tell us; we will confirm the options in writing.",
        ),
        p("If we have to cancel a course, we will offer you a place on a later date or a full refund of the fees you paid for it."),
        p(
          "We may change an instructor, a venue within the same city or the order of sessions when we need to; we will tell you of any significant change before the course.",
        ),
      ],
    },
    {
      id: "providers",
      heading: "Service providers",
      blocks: [
        p("We rely on these companies to run bookings and this website:"),
        list(
          `${PROVIDERS.cardPayments.name}, our ${PROVIDERS.cardPayments.role}, for ${paymentMethods("conjunction")};`,
          `${PROVIDERS.instalments.name}, our ${PROVIDERS.instalments.role};`,
          `${PROVIDERS.email.name}, our ${PROVIDERS.email.role}, which sends your confirmation and other emails;`,
          `${PROVIDERS.hosting.name}, our ${PROVIDERS.hosting.role}, which runs this website.`,
        ),
        p("How they handle your personal data is explained in our ", link("Privacy Policy", "/privacy"), "."),
      ],
    },
    /** Institute to confirm: the liability wording, with the institute's legal adviser. */
    {
      id: "liability",
      heading: "Our responsibility to you",
      blocks: [
        p(
          "We teach each course with reasonable care and skill. You remain responsible for your own clinical decisions and for practising within your qualifications and the rules of your licensing body once the course is over.",
        ),
        p(
          "Nothing in these terms limits any liability that the law does not allow us to limit, including liability for death or personal injury caused by our negligence, or for fraud.",
        ),
      ],
    },
    {
      id: "governing-law",
      heading: "Governing law",
      blocks: [
        p(
          `These terms, and any dispute arising from them or from your booking, are governed by the laws of ${GOVERNING_LAW.law}, and ${GOVERNING_LAW.courts} have jurisdiction over any such dispute.`,
        ),
      ],
    },
    {
      id: "changes-to-terms",
      heading: "Changes to these terms",
      blocks: [
        p(
          "We may update these terms from time to time. The date at the top of this page shows when they last changed. A change does not affect a booking that is already confirmed.",
        ),
      ],
    },
    {
      id: "contact",
      heading: "Contact us",
      blocks: [
        p(
          "Questions about these terms or about a booking are welcome: send us a message through our ",
          link("contact page", CONTACT_PATH),
          ` or email `,
          link(SITE.generalEmail, `mailto:${SITE.generalEmail}`),
          ".",
        ),
      ],
    },
  ],
};

export const PRIVACY: LegalDocument = {
  title: "Privacy Policy",
  description: `How ${SITE.name} collects, uses and protects your personal data: accounts, bookings, newsletter and contact messages, the companies that process it, and your rights.`,
  lastUpdated: LEGAL_LAST_UPDATED,
  intro: [
    `This policy explains what personal data ${SITE.name} collects when you use this website, why, who else handles it and what rights you have. Questions are welcome through our `,
    link("contact page", CONTACT_PATH),
    ".",
  ],
  sections: [
    {
      id: "who-we-are",
      heading: "Who we are",
      blocks: [
        p(
          `${SITE.name}, ${address}, is responsible for your personal data. You can reach us through our `,
          link("contact page", CONTACT_PATH),
          " or at ",
          link(SITE.generalEmail, `mailto:${SITE.generalEmail}`),
          ".",
        ),
      ],
    },
    {
      id: "what-we-collect",
      heading: "What we collect",
      blocks: [
        p("We collect only what you give us and what we need to run the site securely:"),
        {
          type: "definitions",
          items: [
            {
              term: "Account",
              content: [
                "your name, email address and password (stored only as a one-way hash), whether you have verified your email address, and whether you ticked the marketing box when signing up.",
              ],
            },
            {
              term: "Profile",
              content: [
                "the details you choose to add: first and last name, mobile number with country code, contact email address, country of residence, Instagram profile and your email preferences.",
              ],
            },
            {
              term: "Bookings",
              content: [
                "the course you booked, the date, the amount paid and any discount, the payment status, a link to your receipt, and the payment reference from our card payment provider. We never receive your full card number.",
              ],
            },
            {
              term: "Newsletter",
              content: ["your email address and, if you give it, your name, with the dates you confirmed your subscription or unsubscribed."],
            },
            {
              term: "Course interest",
              content: ["your name, email address and the courses you told us you are interested in."],
            },
            {
              term: "Contact messages",
              content: ["your name, email address, subject and message."],
            },
            {
              term: "Page views",
              content: [
                "our own cookieless analytics record the address and title of each page viewed and the page you came from. They store no IP address, set no cookie and hold no identifier, so a page view cannot be linked to you.",
              ],
            },
            {
              term: "Security",
              content: [
                "when you are signed in, your session records the IP address and browser it started from, so that you and we can spot misuse. To stop abuse of our forms we count submissions from each network address for ten minutes.",
              ],
            },
          ],
        },
      ],
    },
    {
      id: "how-we-use-it",
      heading: "How we use it and why",
      blocks: [
        list(
          "To create and run your account and to take, confirm and administer your bookings, because this is needed for our contract with you.",
          "To answer your messages and tell you about the courses you registered interest in, because you asked us to.",
          "To send our newsletter and other marketing, only with your consent, which you can withdraw at any time.",
          "To keep the site secure and to understand which pages are useful, which are our legitimate interests.",
          "To keep booking and payment records for as long as tax and accounting law requires.",
        ),
      ],
    },
    {
      id: "cookies",
      heading: "Cookies",
      blocks: [
        p(
          "We set two essential cookies, and only when you sign in: one keeps you signed in, and one marks the browser you signed in on, so that you can still sign in on it while someone else's wrong guesses at your password have paused sign-ins to your account elsewhere. We use no advertising cookies, and our page-view analytics need none.",
        ),
        p("If we ever add a third-party analytics service, it will run only after you agree to it in the banner shown on the site, and you can decline."),
      ],
    },
    {
      id: "processors",
      heading: "Who processes your data for us",
      blocks: [
        p("We share personal data only with the companies that help us run the site and bookings:"),
        list(
          [
            `${PROVIDERS.cardPayments.name} (our ${PROVIDERS.cardPayments.role}) takes card, Apple Pay and Google Pay payments: `,
            link(`${PROVIDERS.cardPayments.name} privacy policy`, PROVIDERS.cardPayments.privacyUrl),
            ".",
          ],
          [
            `${PROVIDERS.instalments.name} (our ${PROVIDERS.instalments.role}) assesses and runs instalment plans you apply for at checkout: `,
            link(`${PROVIDERS.instalments.name} privacy notice`, PROVIDERS.instalments.privacyUrl),
            ".",
          ],
          [
            `${PROVIDERS.email.name} (our ${PROVIDERS.email.role}) delivers booking confirmations, replies and newsletters: `,
            link(`${PROVIDERS.email.name} privacy policy`, PROVIDERS.email.privacyUrl),
            ".",
          ],
          [
            `${PROVIDERS.hosting.name} (our ${PROVIDERS.hosting.role}) runs the servers that hold the website and its database, in ${PROVIDERS.hosting.where}: `,
            link(`${PROVIDERS.hosting.name} privacy policy`, PROVIDERS.hosting.privacyUrl),
            ".",
          ],
        ),
        p("We do not sell your personal data, and we do not share it with anyone for their own marketing."),
        /**
         * Institute to confirm: the safeguards used for transfers outside the
         * UAE, UK and EU (for example standard contractual clauses).
         */
        p(
          "Some of these companies process data outside the country you live in. Where they do, we rely on their contractual commitments to protect it to the standard the law requires.",
        ),
      ],
    },
    /** Institute to confirm: the retention periods. The spec states none. */
    {
      id: "retention",
      heading: "How long we keep it",
      blocks: [
        list(
          "Account and profile data: until you ask us to delete your account.",
          "Booking and payment records: for as long as tax and accounting law requires.",
          "Newsletter data: until you unsubscribe.",
          "Contact messages and interest registrations: for as long as we need them to answer you and follow up.",
          "Sign-in sessions: until you sign out or the session expires; form counters: ten minutes.",
        ),
      ],
    },
    {
      id: "your-rights",
      heading: "Your rights",
      blocks: [
        /**
         * Institute to confirm: which data-protection laws the institute
         * accepts as applying (UAE, Dubai Healthcare City, UK, EU).
         */
        p("Depending on where you live, data-protection law gives you the right to:"),
        list(
          "see the personal data we hold about you and receive a copy;",
          "have inaccurate data corrected;",
          "have your data deleted, unless we must keep it by law;",
          "restrict or object to how we use it;",
          "receive the data you gave us in a portable format;",
          "withdraw your consent to marketing at any time.",
        ),
        p(
          "To use any of these rights, send us a request through our ",
          link("contact page", CONTACT_PATH),
          `. We reply within ${DATA_REQUEST_REPLY_WINDOW} of receiving it. We may ask you to confirm your identity first, so that we never give your data to someone else.`,
        ),
        p("If you are unhappy with our answer, you may complain to the data-protection authority where you live."),
      ],
    },
    {
      id: "unsubscribe",
      heading: "How to unsubscribe",
      blocks: [
        list(
          "Use the unsubscribe link at the bottom of any newsletter or marketing email: one click is enough.",
          ["If you have an account, change your email preferences on your ", link("account page", "/account"), "."],
          ["Or tell us through our ", link("contact page", CONTACT_PATH), " and we will remove you."],
        ),
        p("You will still receive emails about your bookings, such as your confirmation, because they are part of the service you bought."),
      ],
    },
    /** Institute to confirm: that this matches how the site is deployed and who has admin access. */
    {
      id: "security",
      heading: "How we protect your data",
      blocks: [
        p(
          "The site is served only over encrypted connections, passwords are stored as one-way hashes, and access to bookings and personal data is limited to the staff who need it.",
        ),
      ],
    },
    {
      id: "changes-to-policy",
      heading: "Changes to this policy",
      blocks: [p("We will update this policy when the way we handle personal data changes. The date at the top of this page shows when it last changed.")],
    },
  ],
};
