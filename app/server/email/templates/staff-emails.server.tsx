import { Link, Section, Text } from "@react-email/components";
import { Fragment } from "react";

import { formatDateRange } from "~/lib/format";

import { colors, EmailLayout, label, link, renderEmail, text } from "./layout.server";

function Detail({ name, value }: { name: string; value: string }) {
  return (
    <Section style={{ marginBottom: "12px" }}>
      <Text style={label}>{name}</Text>
      <Text style={{ ...text, margin: 0 }}>{value}</Text>
    </Section>
  );
}

/** "November 30th, 2026, 05:29 UTC": the site's date style, and the zone named, since the server's clock is UTC and staff may not be. */
function received(at: Date) {
  const iso = at.toISOString();
  return `${formatDateRange(iso.slice(0, 10))}, ${iso.slice(11, 16)} UTC`;
}

export function renderContactNotification({
  name,
  email,
  subject,
  message,
  receivedAt,
}: {
  name: string;
  email: string;
  subject: string;
  message: string;
  receivedAt: Date;
}) {
  return renderEmail(
    `Website message: ${subject}`,
    <EmailLayout preview={`${name} wrote through the contact form`} heading="New message from the website">
      <Detail name="From" value={`${name} <${email}>`} />
      <Detail name="Subject" value={subject} />
      <Detail name="Received" value={received(receivedAt)} />
      <Text style={label}>Message</Text>
      {/* Rendered as text, markup shown as typed; explicit breaks survive the plain-text version too. */}
      <Text style={{ ...text, backgroundColor: colors.mist, borderRadius: "6px", padding: "16px" }}>
        {message.split("\n").map((line, index) => (
          <Fragment key={index}>
            {index > 0 && <br />}
            {line}
          </Fragment>
        ))}
      </Text>
      <Text style={label}>Reply to this email to answer {name} directly.</Text>
    </EmailLayout>,
  );
}

export function renderInterestNotification({ name, email, courses, receivedAt }: { name: string; email: string; courses: string[]; receivedAt: Date }) {
  return renderEmail(
    `Interest registered: ${name}`,
    <EmailLayout
      preview={`${name} registered interest in ${courses.length} ${courses.length === 1 ? "course" : "courses"}`}
      heading="New interest registration"
    >
      <Detail name="Name" value={name} />
      <Detail name="Email" value={email} />
      <Detail name="Received" value={received(receivedAt)} />
      <Text style={label}>Courses</Text>
      {courses.map((course) => (
        <Text key={course} style={{ ...text, margin: "0 0 4px" }}>
          • {course}
        </Text>
      ))}
    </EmailLayout>,
  );
}

/** To staff, once an hour at most: more forms arrived than notices are sent for (STAFF_NOTICE_LIMIT); every one is in the back office. */
export function renderStaffNoticesPaused({ limit, inboxUrl, interestUrl }: { limit: number; inboxUrl: string; interestUrl: string }) {
  return renderEmail(
    "More website messages are waiting in the back office",
    <EmailLayout preview="Notices are paused for the rest of the hour" heading="More messages than notices">
      <Text style={text}>
        More than {limit} contact messages and interest registrations have arrived within the hour, so their email notices are paused until the hour is over.
        None is lost: every one is in the back office.
      </Text>
      <Text style={text}>
        Messages:{" "}
        <Link href={inboxUrl} style={link}>
          {inboxUrl}
        </Link>
        <br />
        Interest:{" "}
        <Link href={interestUrl} style={link}>
          {interestUrl}
        </Link>
      </Text>
    </EmailLayout>,
  );
}
