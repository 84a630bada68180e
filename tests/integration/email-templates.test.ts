import { toPlainText } from "@react-email/render";
import { describe, expect, it } from "vitest";

import { MAX_SUBJECT_LENGTH } from "~/lib/schemas/contact";
import {
  renderAlreadyBookedRefund,
  renderBookingConfirmation,
  renderContactNotification,
  renderInterestNotification,
  renderNewDateAnnouncement,
  renderNewsletterConfirmation,
  renderPlaceUnavailableRefund,
  renderResetPassword,
  renderStaffRefundNotice,
  renderVerifyEmail,
} from "~/server/email/templates.server";

describe("email templates", () => {
  it.each([
    [
      "verify email",
      () => renderVerifyEmail({ url: "https://x.test/verify?token=t1" }),
      "Confirm your email address",
      ["Hello,", "https://x.test/verify?token=t1"],
    ],
    ["reset password", () => renderResetPassword({ url: "https://x.test/reset?token=t2" }), "Reset your password", ["Hello,", "https://x.test/reset?token=t2"]],
    [
      "newsletter confirmation",
      () => renderNewsletterConfirmation({ confirmUrl: "https://x.test/c", unsubscribeUrl: "https://x.test/u" }),
      "Please confirm your subscription",
      ["Hello,", "https://x.test/c", "https://x.test/u"],
    ],
    [
      "interest notification",
      () => renderInterestNotification({ name: "Dr B", email: "b@x.test", courses: ["Sinus Grafting", "Full Arch Complications"], receivedAt: new Date() }),
      "Interest registered: Dr B",
      ["b@x.test", "Sinus Grafting", "Full Arch Complications"],
    ],
    [
      "new date announcement",
      () =>
        renderNewDateAnnouncement({
          courseTitle: "Sinus Grafting",
          dates: "March 10th, 2027",
          location: "London",
          askedAbout: true,
          bookable: true,
          courseUrl: "https://x.test/courses/sinus-grafting",
          unsubscribeUrl: "https://x.test/u2",
        }),
      "New date: Sinus Grafting",
      [
        "We have scheduled Sinus Grafting for March 10th, 2027 in London.",
        "See the course and book",
        "https://x.test/courses/sinus-grafting",
        "https://x.test/u2",
      ],
    ],
    [
      "booking confirmation",
      () =>
        renderBookingConfirmation({
          course: { courseTitle: "Level 2 - Ultimate Full Arch Live Course", dates: "May 1st - 4th, 2027", location: "Dubai" },
          amounts: { price: "£12,000", discount: { name: "£500 off Level 2 for Level 1 graduates", amount: "£500" }, paid: "£11,500" },
          receiptUrl: "https://x.test/receipt",
          accountUrl: "https://x.test/account",
          hasInvite: true,
        }),
      "Booking confirmed: Level 2 - Ultimate Full Arch Live Course",
      ["May 1st - 4th, 2027", "Dubai", "£12,000", "£500 off Level 2 for Level 1 graduates", "£11,500", "https://x.test/receipt", "https://x.test/account"],
    ],
    [
      "refund when the last place had gone",
      () =>
        renderPlaceUnavailableRefund({
          course: { courseTitle: "Sinus Grafting", dates: "March 10th, 2027", location: "London" },
          amount: "£1,500",
          coursesUrl: "https://x.test/courses",
        }),
      "Your payment for Sinus Grafting has been refunded",
      ["March 10th, 2027", "£1,500", "https://x.test/courses"],
    ],
    [
      "staff notice of an automatic refund",
      () =>
        renderStaffRefundNotice({
          course: { courseTitle: "Sinus Grafting", dates: "March 10th, 2027", location: "London" },
          amount: "£1,500",
          buyerEmail: "late.payer@x.test",
          sessionId: "cs_test_late",
          refunded: true,
          reason: "place-taken",
        }),
      "Automatic refund: Sinus Grafting",
      ["£1,500", "late.payer@x.test", "cs_test_late", "no place was left", "It was refunded in full automatically."],
    ],
    [
      "staff notice of a second payment refunded",
      () =>
        renderStaffRefundNotice({
          course: { courseTitle: "Sinus Grafting", dates: "March 10th, 2027", location: "London" },
          amount: "£1,500",
          buyerEmail: "twice@x.test",
          sessionId: "cs_test_twice",
          refunded: true,
          reason: "already-booked",
        }),
      "Automatic refund: Sinus Grafting",
      ["£1,500", "twice@x.test", "cs_test_twice", "had a paid place on these dates already", "It was refunded in full automatically."],
    ],
    [
      "a second payment refunded",
      () =>
        renderAlreadyBookedRefund({
          course: { courseTitle: "Sinus Grafting", dates: "March 10th, 2027", location: "London" },
          amount: "£1,500",
          accountUrl: "https://x.test/account",
        }),
      "Your second payment for Sinus Grafting has been refunded",
      ["March 10th, 2027", "already booked and paid for", "£1,500", "https://x.test/account"],
    ],
    [
      "staff notice of a refund to make by hand",
      () =>
        renderStaffRefundNotice({
          course: { courseTitle: "Sinus Grafting", dates: "March 10th, 2027", location: "London" },
          amount: "£1,500",
          buyerEmail: "late.payer@x.test",
          sessionId: "cs_test_late",
          refunded: false,
          reason: "place-taken",
        }),
      "Refund needed: Sinus Grafting",
      ["£1,500", "late.payer@x.test", "cs_test_late", "The automatic refund failed"],
    ],
  ])("%s: subject, HTML and text carry the key values", async (_name, render, subject, values) => {
    const email = await render();
    expect(email.subject).toBe(subject);
    expect(email.html).toMatch(/^<!DOCTYPE html/);
    // The text is React Email's own conversion of the HTML, from the one render.
    expect(email.text).toBe(toPlainText(email.html));
    for (const value of values) {
      expect(email.text).toContain(value);
      expect(email.html).toContain(value.replace(/&/g, "&amp;"));
    }
  });

  it("says 'a course you asked about' only to someone who registered interest, and leaves out a missing location", async () => {
    const announce = (askedAbout: boolean, location: string | null) =>
      renderNewDateAnnouncement({
        courseTitle: "Level 2 - Ultimate Full Arch Live Course",
        dates: "December 21st - 24th, 2026",
        location,
        askedAbout,
        bookable: true,
        courseUrl: "https://x.test/c",
        unsubscribeUrl: "https://x.test/u",
      });
    const interested = await announce(true, "Dubai");
    const subscriber = await announce(false, null);
    expect(interested.html).toContain("A new date for a course you asked about");
    expect(subscriber.html).not.toContain("asked about");
    expect(subscriber.html).toContain("A new course date");
    expect(interested.text).toContain("We have scheduled Level 2 - Ultimate Full Arch Live Course for December 21st - 24th, 2026 in Dubai.");
    expect(subscriber.text).toContain("We have scheduled Level 2 - Ultimate Full Arch Live Course for December 21st - 24th, 2026. Groups are small");
  });

  it("says when a staff notice was received in the site's date style with its zone, and counts courses in words", async () => {
    const receivedAt = new Date("2026-11-30T05:29:41Z");
    const one = await renderInterestNotification({ name: "Dr B", email: "b@x.test", courses: ["Sinus Grafting"], receivedAt });
    const two = await renderInterestNotification({ name: "Dr B", email: "b@x.test", courses: ["Sinus Grafting", "Full Arch Complications"], receivedAt });
    const contact = await renderContactNotification({ name: "Eve", email: "eve@x.test", subject: "Hi", message: "Hello", receivedAt });
    for (const email of [one, contact]) expect(email.text).toContain("Received\n\nNovember 30th, 2026, 05:29 UTC");
    expect(one.html).toContain("Dr B registered interest in 1 course<");
    expect(two.html).toContain("Dr B registered interest in 2 courses<");
  });

  it("names the discount on a booking confirmation before its amount", async () => {
    const email = await renderBookingConfirmation({
      course: { courseTitle: "Sinus Grafting", dates: "May 1st - 4th, 2027", location: "London" },
      amounts: { price: "£1,500", discount: { name: "£100 off your first course", amount: "£100" }, paid: "£1,400" },
      receiptUrl: null,
      accountUrl: "https://x.test/account",
      hasInvite: false,
    });
    expect(email.text).toContain("Discount (£100 off your first course): -£100");
    // The footer's address in full, with its country, as the receipt writes it.
    expect(email.text).toContain("Building 27, Block C, Ground Floor, Dubai Healthcare City, Dubai, United Arab Emirates");
    // On a phone the amount stays whole, never "-" at the end of one line and "£100" on the next.
    expect(email.html).toMatch(/<span style="white-space:nowrap">-£100<\/span>/);
  });

  it("shows a contact message as text: markup escaped in HTML, line breaks kept", async () => {
    const email = await renderContactNotification({
      name: "<b>Eve</b>",
      email: "eve@x.test",
      subject: "Hi",
      message: "Line one\nLine two <img src=x onerror=alert(1)>",
      receivedAt: new Date("2026-11-21T10:00:00Z"),
    });
    expect(email.html).not.toContain("<img src=x");
    expect(email.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(email.html).toContain("&lt;b&gt;Eve&lt;/b&gt;");
    expect(email.text).toContain("Line one\nLine two <img src=x onerror=alert(1)>");
  });

  it("lets long unbroken text wrap in every text block, so a phone shows the email at its width", async () => {
    const long = "W".repeat(130);
    const emails = await Promise.all([
      renderNewDateAnnouncement({
        name: long,
        courseTitle: "Sinus Grafting",
        dates: "March 10th, 2027",
        location: "London",
        askedAbout: false,
        bookable: true,
        courseUrl: "https://x.test/courses/sinus-grafting",
        unsubscribeUrl: "https://x.test/u",
      }),
      renderContactNotification({ name: long, email: "eve@x.test", subject: long, message: `Hello\n${long}`, receivedAt: new Date() }),
      renderInterestNotification({ name: long, email: "eve@x.test", courses: ["Sinus Grafting"], receivedAt: new Date() }),
    ]);
    for (const email of emails) {
      const blocks = [...email.html.matchAll(/<(?:p|h1)\b[^>]*>/g)].map(([tag]) => tag);
      expect(blocks.length).toBeGreaterThan(3);
      for (const tag of blocks) {
        expect(tag).toContain("overflow-wrap:anywhere");
        expect(tag).toContain("word-break:break-word");
      }
    }
  });

  it("writes every button and link at 4.5:1 or more against its background (WCAG 1.4.3): the brand gold is 2.6:1 against white", async () => {
    const course = { courseTitle: "Sinus Grafting", dates: "March 10th, 2027", location: "London" };
    const emails = await Promise.all([
      renderVerifyEmail({ url: "https://x.test/verify" }),
      renderNewsletterConfirmation({ confirmUrl: "https://x.test/c", unsubscribeUrl: "https://x.test/u" }),
      renderNewDateAnnouncement({ ...course, askedAbout: false, bookable: true, courseUrl: "https://x.test/c", unsubscribeUrl: "https://x.test/u" }),
      renderBookingConfirmation({
        course,
        amounts: { price: "£1,500", discount: null, paid: "£1,500" },
        receiptUrl: "https://x.test/receipt",
        accountUrl: "https://x.test/account",
        hasInvite: false,
      }),
    ]);
    for (const email of emails) {
      // Buttons, the receipt and unsubscribe links, and the footer's address; every one sits on the white content or on its own background.
      const links = [...email.html.matchAll(/<a\b[^>]*style="([^"]*)"/g)].map(([, style]) => style);
      expect(links.length).toBeGreaterThanOrEqual(2);
      for (const style of links) {
        const colour = /(?:^|;)color:(#[0-9a-f]{6})/i.exec(style)?.[1];
        const background = /background-color:(#[0-9a-f]{6})/i.exec(style)?.[1] ?? "#ffffff";
        expect(colour, style).toBeDefined();
        expect(contrastRatio(colour!, background), `${colour} on ${background}`).toBeGreaterThanOrEqual(4.5);
        // A link in the copy is told from the text by its line as well as its colour (WCAG 1.4.1); a button by its shape.
        if (background === "#ffffff") expect(style, style).toMatch(/text-decoration-line:underline/);
      }
    }
  });

  it("keeps the whole of the longest subject a visitor may send, an emoji at its end included", async () => {
    const subject = `${"s".repeat(MAX_SUBJECT_LENGTH - 2)}🦷`;
    expect(subject).toHaveLength(MAX_SUBJECT_LENGTH);
    const email = await renderContactNotification({ name: "Eve", email: "eve@x.test", subject, message: "Hello", receivedAt: new Date() });
    expect(email.subject).toBe(`Website message: ${subject}`);
  });
});

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrastRatio(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const channel = parseInt(hex.slice(i, i + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}
