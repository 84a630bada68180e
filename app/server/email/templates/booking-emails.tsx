import { Button, Link, Text } from "@react-email/components";
import { button, colors, EmailLayout, greeting, renderEmail, text } from "./layout";

export function renderBookingConfirmation({
  name,
  courseTitle,
  startDate,
  endDate,
  location,
  amountPaid,
  receiptUrl,
  accountUrl,
}: {
  name?: string;
  courseTitle: string;
  startDate: string;
  endDate: string;
  location: string;
  amountPaid: string;
  receiptUrl?: string;
  accountUrl: string;
}) {
  return renderEmail(
    `Booking confirmed: ${courseTitle}`,
    <EmailLayout preview={`Your place on ${courseTitle} is confirmed`} heading="Your booking is confirmed">
      <Text style={text}>{greeting(name)}</Text>
      <Text style={text}>
        Thank you: your place on {courseTitle} is confirmed and your payment of {amountPaid} was received.
      </Text>
      <Text style={text}>
        Dates: {startDate} to {endDate}
        <br />
        Location: {location}
      </Text>
      <Text style={text}>The attached calendar invite adds the course to your calendar.</Text>
      <Button href={accountUrl} style={button}>
        View my courses
      </Button>
      {receiptUrl && (
        <Text style={{ ...text, marginTop: "20px" }}>
          <Link href={receiptUrl} style={{ color: colors.gold }}>
            View your receipt
          </Link>
        </Text>
      )}
    </EmailLayout>,
  );
}
