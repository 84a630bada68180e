import { Button, Link, Section, Text } from "@react-email/components";

import { button, colors, EmailLayout, greeting, label, link, renderEmail, text } from "./layout.server";

export interface BookedCourse {
  courseTitle: string;
  /** "January 20th - 23rd, 2027"; absent for the test product. */
  dates: string | null;
  location: string | null;
}

export interface BookingAmounts {
  /** Formatted: "£12,000". */
  price: string;
  discount: { name: string; amount: string } | null;
  paid: string;
}

function Line({ name, value }: { name: string; value: string }) {
  return (
    <Text style={{ ...text, margin: "0 0 6px" }}>
      <span style={{ color: "#6b7280" }}>{name}: </span>
      {/* An amount is never split across lines ("-" at the end of one, "£100" on the next). */}
      <span style={{ whiteSpace: "nowrap" }}>{value}</span>
    </Text>
  );
}

export function renderBookingConfirmation({
  name,
  course,
  amounts,
  receiptUrl,
  accountUrl,
  joinAccount,
  hasInvite,
}: {
  name?: string;
  course: BookedCourse;
  amounts: BookingAmounts;
  receiptUrl: string | null;
  accountUrl: string;
  /** For a guest's booking: where signing in (an account has this address) or signing up with it adds the booking to their account. */
  joinAccount?: { url: string; hasAccount: boolean };
  hasInvite: boolean;
}) {
  return renderEmail(
    `Booking confirmed: ${course.courseTitle}`,
    <EmailLayout preview={`Your place on ${course.courseTitle} is confirmed`} heading="Your booking is confirmed">
      <Text style={text}>{greeting(name)}</Text>
      <Text style={text}>
        Thank you: your place on {course.courseTitle} is confirmed and your payment of {amounts.paid} was received.
      </Text>
      <Section style={{ backgroundColor: colors.mist, borderRadius: "6px", padding: "16px", marginBottom: "16px" }}>
        <Line name="Course" value={course.courseTitle} />
        {course.dates && <Line name="Dates" value={course.dates} />}
        {course.location && <Line name="Location" value={course.location} />}
        <Line name="Price" value={amounts.price} />
        {amounts.discount && <Line name={`Discount (${amounts.discount.name})`} value={`-${amounts.discount.amount}`} />}
        <Line name="Amount paid" value={amounts.paid} />
      </Section>
      {hasInvite && <Text style={text}>The attached calendar invite adds the course to your calendar.</Text>}
      {joinAccount ? (
        <>
          <Text style={text}>
            You booked without signing in. {joinAccount.hasAccount ? "Sign in" : "Create an account"} with this email address and the booking appears in your
            account, with its receipt.
          </Text>
          <Button href={joinAccount.url} style={button}>
            {joinAccount.hasAccount ? "Sign in" : "Create your account"}
          </Button>
        </>
      ) : (
        <Button href={accountUrl} style={button}>
          View my courses
        </Button>
      )}
      {receiptUrl && (
        <Text style={{ ...text, marginTop: "20px" }}>
          <Link href={receiptUrl} style={link}>
            View your receipt
          </Link>
        </Text>
      )}
    </EmailLayout>,
  );
}

/** To the buyer whose payment arrived after the last place had gone: refunded in full, at once. */
export function renderPlaceUnavailableRefund({ course, amount, coursesUrl }: { course: BookedCourse; amount: string; coursesUrl: string }) {
  return renderEmail(
    `Your payment for ${course.courseTitle} has been refunded`,
    <EmailLayout preview="The last place was taken before your payment arrived" heading="We could not keep your place">
      <Text style={text}>Hello,</Text>
      <Text style={text}>
        Your payment for {course.courseTitle}
        {course.dates ? ` (${course.dates})` : ""} arrived after its checkout had timed out, and by then every place had been taken. We have refunded the full{" "}
        {amount} to your original payment method; it usually shows within 5 to 10 working days.
      </Text>
      <Text style={text}>We are sorry for the trouble. Other dates may still have places:</Text>
      <Button href={coursesUrl} style={button}>
        See our courses
      </Button>
    </EmailLayout>,
  );
}

/** To a buyer who paid a second time for dates they had booked already: the second payment is refunded, the first booking stands. */
export function renderAlreadyBookedRefund({ course, amount, accountUrl }: { course: BookedCourse; amount: string; accountUrl: string }) {
  return renderEmail(
    `Your second payment for ${course.courseTitle} has been refunded`,
    <EmailLayout preview="You had booked these dates already, so we refunded the second payment" heading="You had booked these dates already">
      <Text style={text}>Hello,</Text>
      <Text style={text}>
        We received a second payment for {course.courseTitle}
        {course.dates ? ` (${course.dates})` : ""}, which you had already booked and paid for. Your place is kept by your first booking, so we have refunded the
        full {amount} of the second payment to your original payment method; it usually shows within 5 to 10 working days.
      </Text>
      <Text style={text}>Your booking is in your account:</Text>
      <Button href={accountUrl} style={button}>
        View my account
      </Button>
    </EmailLayout>,
  );
}

/** To the buyer whose bank payment failed after the checkout: nothing booked, nothing charged, the place released. */
export function renderPaymentFailed({ name, course, bookingUrl }: { name?: string; course: BookedCourse; bookingUrl: string }) {
  return renderEmail(
    `Your payment for ${course.courseTitle} did not go through`,
    <EmailLayout preview="Your bank payment failed, so no place was booked" heading="Your payment did not go through">
      <Text style={text}>{greeting(name)}</Text>
      <Text style={text}>
        Your bank payment for {course.courseTitle}
        {course.dates ? ` (${course.dates})` : ""} did not complete, so no place has been booked and you have not been charged. The place we held for you has
        been released.
      </Text>
      <Text style={text}>If you would still like to join the course, you can book again while places last:</Text>
      <Button href={bookingUrl} style={button}>
        Book again
      </Button>
    </EmailLayout>,
  );
}

/**
 * To the institute's staff: a payment refunded as it arrived (a late one that found no place, or a second one for
 * dates its buyer had booked already), refunded automatically or to be refunded by hand.
 */
export function renderStaffRefundNotice({
  course,
  amount,
  buyerEmail,
  sessionId,
  refunded,
  reason,
}: {
  course: BookedCourse;
  amount: string;
  buyerEmail: string;
  sessionId: string;
  refunded: boolean;
  reason: "place-taken" | "already-booked";
}) {
  const what = reason === "already-booked" ? "A second payment" : "A late payment";
  const why = reason === "already-booked" ? "found its buyer booked already" : "found the course full";
  return renderEmail(
    refunded ? `Automatic refund: ${course.courseTitle}` : `Refund needed: ${course.courseTitle}`,
    <EmailLayout
      preview={refunded ? `${what} ${why} and was refunded` : `${what} ${why}: refund it by hand`}
      heading={refunded ? `${what} was refunded` : `${what} must be refunded by hand`}
    >
      <Text style={text}>
        A payment of {amount} for {course.courseTitle}
        {course.dates ? ` (${course.dates})` : ""}{" "}
        {reason === "already-booked"
          ? "came from a buyer who had a paid place on these dates already, whose booking stands."
          : "completed after its hold had lapsed, and no place was left."}{" "}
        {refunded
          ? "It was refunded in full automatically."
          : "The automatic refund failed: please refund it in full from the payment provider's dashboard. The buyer has not been told yet."}
      </Text>
      <Text style={label}>Buyer</Text>
      <Text style={text}>{buyerEmail}</Text>
      <Text style={label}>Checkout session</Text>
      <Text style={text}>{sessionId}</Text>
    </EmailLayout>,
  );
}

/** To the dentist whose booking the institute cancelled, with what was refunded. */
export function renderBookingCancelled({
  name,
  course,
  refunded,
  paid,
  fullRefund,
  coursesUrl,
  hasCalendarCancellation,
}: {
  name: string | null;
  course: BookedCourse;
  refunded: string;
  /** What the booking cost: a part refunded is said as a part of it, not as a sum that seems to be all of it. */
  paid: string;
  fullRefund: boolean;
  coursesUrl: string;
  hasCalendarCancellation: boolean;
}) {
  return renderEmail(
    `Your booking for ${course.courseTitle} has been cancelled`,
    <EmailLayout preview={`${refunded} is on its way back to you`} heading="Your booking has been cancelled">
      <Text style={text}>{greeting(name ?? undefined)}</Text>
      <Text style={text}>
        Your booking for {course.courseTitle}
        {course.dates ? ` (${course.dates})` : ""} has been cancelled and your place released.{" "}
        {fullRefund ? `We have refunded the full ${refunded}` : `We have refunded ${refunded} of the ${paid} you paid`} to your original payment method; it
        usually shows within 5 to 10 working days.
      </Text>
      {hasCalendarCancellation && <Text style={text}>The attached calendar file takes the course out of your calendar.</Text>}
      <Text style={text}>If you did not expect this, please reply to this email or contact us. Other dates may have places:</Text>
      <Button href={coursesUrl} style={button}>
        See our courses
      </Button>
    </EmailLayout>,
  );
}
