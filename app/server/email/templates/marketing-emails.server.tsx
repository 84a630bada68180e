import { Button, Link, Text } from "@react-email/components";

import { button, EmailLayout, greeting, label, link, renderEmail, text } from "./layout.server";

function UnsubscribeNote({ url }: { url: string }) {
  return (
    <Text style={{ ...label, marginBottom: "8px" }}>
      You are receiving this because you asked to hear about our courses.{" "}
      <Link href={url} style={link}>
        Unsubscribe
      </Link>
    </Text>
  );
}

/** Sent to an address nobody has confirmed yet, so it shows nothing the requester typed: no name. */
export function renderNewsletterConfirmation({ confirmUrl, unsubscribeUrl }: { confirmUrl: string; unsubscribeUrl: string }) {
  return renderEmail(
    "Please confirm your subscription",
    <EmailLayout preview="One click to confirm your subscription" heading="Confirm your subscription" footer={<UnsubscribeNote url={unsubscribeUrl} />}>
      <Text style={text}>Hello,</Text>
      <Text style={text}>
        Thank you for subscribing to news of the Global Implant Institute: new courses, dates and events. Please confirm that this is your address.
      </Text>
      <Button href={confirmUrl} style={button}>
        Confirm my subscription
      </Button>
      <Text style={{ ...text, marginTop: "24px" }}>If you did not subscribe, ignore this email and you will hear nothing more.</Text>
    </EmailLayout>,
  );
}

const COURSE_LIST = new Intl.ListFormat("en-GB", { style: "long", type: "conjunction" });

/**
 * Sent to an address someone registered interest from: it hears about new
 * dates only once it confirms. No name (nobody has confirmed the address yet);
 * the courses are the site's own titles.
 */
export function renderInterestConfirmation({ confirmUrl, courses }: { confirmUrl: string; courses: string[] }) {
  return renderEmail(
    "Please confirm your interest in our courses",
    <EmailLayout preview="One click and we will tell you about new dates" heading="Confirm your interest">
      <Text style={text}>Hello,</Text>
      <Text style={text}>
        Thank you for registering your interest in {COURSE_LIST.format(courses)}. Please confirm that this is your address, and we will email you when new dates
        are scheduled.
      </Text>
      <Button href={confirmUrl} style={button}>
        Confirm my interest
      </Button>
      <Text style={{ ...text, marginTop: "24px" }}>If you did not register, ignore this email: we will not email you about new dates.</Text>
    </EmailLayout>,
  );
}

/**
 * A new edition of a course, to a newsletter subscriber or to someone who
 * registered interest in that course: only the latter asked about it. The
 * button offers booking only when the course page sells the edition.
 */
export function renderNewDateAnnouncement({
  name,
  courseTitle,
  dates,
  location,
  askedAbout,
  bookable,
  courseUrl,
  unsubscribeUrl,
}: {
  name?: string;
  courseTitle: string;
  /** As the site writes them: "March 10th, 2027", "December 21st - 24th, 2026". */
  dates: string;
  location: string | null;
  askedAbout: boolean;
  bookable: boolean;
  courseUrl: string;
  unsubscribeUrl: string;
}) {
  return renderEmail(
    `New date: ${courseTitle}`,
    <EmailLayout
      preview={`${courseTitle} has a new date`}
      heading={askedAbout ? "A new date for a course you asked about" : "A new course date"}
      footer={<UnsubscribeNote url={unsubscribeUrl} />}
    >
      <Text style={text}>{greeting(name)}</Text>
      <Text
        style={text}
      >{`We have scheduled ${courseTitle} for ${dates}${location ? ` in ${location}` : ""}.${bookable ? " Groups are small and places go quickly." : ""}`}</Text>
      <Button href={courseUrl} style={button}>
        {bookable ? "See the course and book" : "See the course"}
      </Button>
    </EmailLayout>,
  );
}
