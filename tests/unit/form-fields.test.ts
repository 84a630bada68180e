import { describe, expect, it } from "vitest";

import { ForgotPasswordSchema, LoginSchema, NewPasswordSchema, SignUpSchema } from "~/lib/schemas/auth";
import { ContactMessageSchema } from "~/lib/schemas/contact";
import { firstIssueFields, firstIssueMessage, namePlainTextProblem } from "~/lib/schemas/fields";
import { InterestRegistrationSchema } from "~/lib/schemas/interest";
import { NewsletterSubscriptionSchema } from "~/lib/schemas/newsletter";
import { ProfileSchema } from "~/lib/schemas/profile";
import { DeactivateCourseSchema, DeleteCourseSchema } from "~/lib/schemas/schedule";

describe("a person's name", () => {
  it.each([
    "Nadia Okafor",
    "Dr. Ahmed Al-Mansouri",
    "Dr.Ahmed Ali",
    "Mary-Ann O'Neil",
    "J.R.R. Tolkien",
    "Anna K.De Vries",
    "Dr.De Souza",
    "Prof.Dr.De Luca",
    "Dr.Do Thanh Binh",
    "Dr.Su Wei",
    "Dr.In-Ho Park",
    "T.Ly Nguyen",
    "Mr.To",
    "St.John Smith",
    "Md.Rahman",
    "Mohd.Ali",
    "Ma.Teresa Santos",
    "Sr.Ana Lopez",
    "Jo.Anne Lee",
    "José Núñez",
    "محمد العلي",
    "Zoë 😊",
    // Middle dots inside names: Catalan's "l·l", and Japanese's between given and family names.
    "Jordi Col·lell",
    "ジョン・スミス",
    "Nguyễn Văn An",
    "राहुल शर्मा",
    // The zero-width non-joiner and joiner belong in some scripts' names (Persian, Hindi) and emoji.
    "می\u200cخواهم",
    "क्\u200dष",
    "👩\u200d⚕️ Dr Nila",
  ])("takes %j", (name) => {
    expect(namePlainTextProblem(name)).toBeUndefined();
  });

  it.each([
    ["a web address", "Claim https://evil.example/now"],
    ["www.", "Win at www.prize.example"],
    ["a common domain", "Bob evil.com"],
    ["a country domain", "Bob evil.de"],
    ["another country's", "claim at evil.eu now"],
    ["a shortener", "bit.do/x"],
    ["another shortener", "bit.ly/x"],
    ["a two-letter label", "go.me"],
    ["a newer domain", "see paypal-verify.support"],
    ["an ftp host", "ftp.evil.fr"],
    ["an IP address", "1.2.3.4"],
    ["a script scheme", "javascript:alert(1)"],
    ["a mail scheme", "mailto:x@y.de"],
    ["markup", "<b>Bob</b>"],
    ["a line break", "Bob\nSmith"],
    ["a C1 control (NEL)", "Bob\u0085Smith"],
    ["a line separator", "Bob\u2028Smith"],
    ["a right-to-left mark", "Bob\u200fSmith"],
    ["an Arabic letter mark", "Bob\u061cSmith"],
    ["a direction override", "Mal\u202eloryevil"],
    ["a zero-width space", "Ali \u200b Z"],
    ["a word joiner", "A\u200bdmin\u2060"],
    ["a byte-order mark", "Ad\u00adm\ufeffin"],
    ["a soft hyphen", "Ad\u00admin"],
    ["a Hangul filler", "Lee\u3164"],
    ["a halfwidth Hangul filler", "Lee\uffa0"],
    ["a braille blank", "Lee\u2800"],
    ["a combining grapheme joiner", "Le\u034fe"],
    ["a Mongolian vowel separator", "Le\u180ee"],
    ["a domain of any ending", "Visit evil.zip"],
    ["a short link after a one-letter label", "Pat t.co/abc"],
    ["another short link", "rb.gy/abc"],
    ["an address", "support@evil.dev"],
    ["a disguised scheme", "hxxps evil.ml"],
    ["a full-width dot", "evil\uff0ecom"],
    ["an ideographic dot", "evil\u3002com"],
    ["a written-out dot", "evil[.]com"],
    ["another written-out dot", "evil (.) com"],
    ["circled letters", "\u24ba\u24e5\u24d8\u24db.\u24d2\u24de\u24dc"],
    ["a joiner before the dot", "Refunds paypal\u200d.com"],
    ["a non-joiner after the dot", "evil.\u200ccom"],
    ["a combining mark on the dot", "evil\u0332.com"],
    ["a bullet for a dot", "evil\u2022com"],
    ["a dot in braces", "evil{.}com"],
    ["a written-out dot word", "evil[dot]com"],
    ["an email address with a one-letter label", "help@x.io"],
    ["a deprecated format character", "Ann\u206aLee"],
    ["an annotation mark", "Ann\ufff9Lee"],
    ["a tag character", "Ann\u{e0041}Lee"],
    ["a shorthand format control", "Ann\u{1bca0}Lee"],
  ])("refuses %s", (_what, name) => {
    expect(namePlainTextProblem(name)).toBeDefined();
  });

  it("is told what is wrong with it: a line break, markup or a hidden character, or a web address", () => {
    expect(namePlainTextProblem("Bob\nSmith")).toBe("Please enter a name on one line, without line breaks or tabs.");
    for (const name of ["<b>Bob</b>", "<img src=x onerror=alert(1)>", "Mal\u202eloryevil", "Bob\u200fSmith"]) {
      expect(namePlainTextProblem(name), name).toBe("Please enter a name as plain text, without < or > or hidden characters.");
    }
    for (const name of ["Bob evil.com", "www.example.com", "Claim https://evil.example/now"]) {
      expect(namePlainTextProblem(name), name).toBe("Please enter a name without a web address.");
    }
  });
});

describe("a contact message", () => {
  const valid = { name: "Nadia Okafor", email: "nadia@example.com", subject: "Dates", message: "When is the next course?" };

  it("keeps its subject on one line: line breaks and control characters become one space", () => {
    const parsed = ContactMessageSchema.parse({ ...valid, subject: " Hello\r\nBcc: victim@example.org\r\n\tX-Injected:\u0085 1\u2028end " });
    expect(parsed.subject).toBe("Hello Bcc: victim@example.org X-Injected: 1 end");
  });

  it("keeps the message's own lines", () => {
    expect(ContactMessageSchema.parse({ ...valid, message: "Line one\nLine two" }).message).toBe("Line one\nLine two");
  });

  it.each([5, null, [], {}, "x".repeat(5_000), "http://spam.example"])("takes any honeypot value (%j) as filled, with no message of its own", (website) => {
    const parsed = ContactMessageSchema.safeParse({ ...valid, website });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.website).toBeTruthy();
  });

  it("leaves the honeypot empty when a person sends the form", () => {
    expect(ContactMessageSchema.parse({ ...valid, website: "" }).website).toBe("");
    expect(ContactMessageSchema.parse(valid).website).toBeUndefined();
  });
});

describe("text that shows nothing", () => {
  // Whitespace with format characters (zero-width space, non-joiner, joiner, word joiner, byte order mark,
  // soft hyphen), the Hangul fillers and the braille blank: none of them draws anything.
  const BLANKS = ["\u200b", "\u200b\u200b", " \u200c\u200d ", "\u2060", "\ufeff", "\u00ad", "\u3164", "\u115f", "\u2800", "\t\u200b\u00a0"];
  const contact = { name: "Nadia Okafor", email: "nadia@example.com", subject: "Dates", message: "When is the next course?" };
  const signUp = { firstName: "Nadia", lastName: "Okafor", email: "nadia@example.com", password: "secret1", confirmPassword: "secret1" };
  const profile = { firstName: "", lastName: "", emailAddress: "", mobileCountryCode: "", mobileNumber: "", countryOfResidence: "", instagramProfile: "" };
  const refusal = (result: { success: boolean; error?: Parameters<typeof firstIssueMessage>[0] }) =>
    result.success ? "accepted" : firstIssueMessage(result.error!);

  it.each(BLANKS)("is an empty required field, with the form's own message (%j)", (blank) => {
    for (const field of ["name", "subject", "message"] as const) {
      expect(refusal(ContactMessageSchema.safeParse({ ...contact, [field]: blank })), field).toBe("All fields are required.");
    }
    expect(refusal(SignUpSchema.safeParse({ ...signUp, firstName: blank, lastName: blank }))).toBe("First name and last name are required.");
    expect(refusal(SignUpSchema.safeParse({ ...signUp, lastName: blank }))).toBe("First name and last name are required.");
    expect(refusal(ProfileSchema.safeParse({ ...profile, firstName: blank }))).toBe("First name or last name must be provided.");
    expect(refusal(InterestRegistrationSchema.safeParse({ name: blank, email: "nadia@example.com", interestedCourses: ["Sinus Grafting"] }))).toBe(
      "Please fill in your name, email, and select at least one course.",
    );
    // An optional name that shows nothing is no name.
    expect(NewsletterSubscriptionSchema.parse({ email: "nadia@example.com", name: blank }).name).toBeUndefined();
  });

  it("is not text with letters beside the invisible characters: a joiner inside a name is kept", () => {
    expect(SignUpSchema.parse({ ...signUp, firstName: "می\u200cخواهم" }).firstName).toBe("می\u200cخواهم");
    expect(ContactMessageSchema.parse({ ...contact, message: "\u200bHello" }).message).toBe("\u200bHello");
  });
});

describe("a name over more than one line", () => {
  const contact = { name: "Nadia Okafor", email: "nadia@example.com", subject: "Dates", message: "When is the next course?" };
  const profile = { firstName: "", lastName: "", emailAddress: "", mobileCountryCode: "", mobileNumber: "", countryOfResidence: "", instagramProfile: "" };
  const message = (result: { success: boolean; error?: Parameters<typeof firstIssueMessage>[0] }) =>
    result.success ? "accepted" : firstIssueMessage(result.error!);

  it.each([
    ["a line break", "Bob\r\nSmith"],
    ["a new line", "Bob\nSmith"],
    ["a tab", "Bob\tSmith"],
    ["a line separator", "Bob\u2028Smith"],
  ])("with %s is refused for that, not for a web address it has not", (_what, name) => {
    const expected = "Please enter a name on one line, without line breaks or tabs.";
    expect(message(ContactMessageSchema.safeParse({ ...contact, name }))).toBe(expected);
    expect(message(NewsletterSubscriptionSchema.safeParse({ email: "nadia@example.com", name }))).toBe(expected);
    expect(message(ProfileSchema.safeParse({ ...profile, lastName: name }))).toBe(expected);
  });
});

describe("the course an admin picks", () => {
  it("is asked for in the words of what the admin is doing", () => {
    expect(firstIssueMessage(DeleteCourseSchema.safeParse({}).error!)).toBe("Please choose a course to delete.");
    expect(firstIssueMessage(DeactivateCourseSchema.safeParse({}).error!)).toBe("Please choose a course to deactivate.");
  });
});

describe("the fields a form marks beside its message", () => {
  const contact = { name: "Nadia Okafor", email: "nadia@example.com", subject: "Dates", message: "When is the next course?" };
  const fields = (result: { success: boolean; error?: Parameters<typeof firstIssueFields>[0] }) => (result.success ? [] : firstIssueFields(result.error!));

  it("are every field the message is about, and no other", () => {
    expect(fields(ContactMessageSchema.safeParse({ name: "", email: "", subject: "", message: "" }))).toEqual(["name", "email", "subject", "message"]);
    expect(fields(ContactMessageSchema.safeParse({ ...contact, subject: "  " }))).toEqual(["subject"]);
    // A missing field is told before a malformed one: only the missing one is marked.
    expect(fields(ContactMessageSchema.safeParse({ ...contact, email: "nadia@example", message: "" }))).toEqual(["message"]);
    expect(fields(NewsletterSubscriptionSchema.safeParse({ email: "nadia@example.com", name: "www.example.com" }))).toEqual(["name"]);
    expect(fields(InterestRegistrationSchema.safeParse({ name: "Nadia", email: "nadia@example.com", interestedCourses: [] }))).toEqual(["interestedCourses"]);
  });
});

describe("a profile with more than one problem", () => {
  const profile = { firstName: "Nadia", lastName: "", emailAddress: "", mobileCountryCode: "", mobileNumber: "", countryOfResidence: "", instagramProfile: "" };
  const refusal = (fields: Partial<typeof profile>) => {
    const result = ProfileSchema.safeParse({ ...profile, ...fields });
    return result.success ? "accepted" : firstIssueMessage(result.error);
  };

  it("is refused for the first in spec 5's order: name, then mobile, then email, then Instagram", () => {
    const email = { emailAddress: "nadia@example" };
    const instagram = { instagramProfile: "not a handle!" };
    expect(refusal({ firstName: "", ...email, mobileNumber: "7700900123", ...instagram })).toBe("First name or last name must be provided.");
    expect(refusal({ ...email, mobileNumber: "7700900123", ...instagram })).toBe("Please enter a mobile number with the country code.");
    expect(refusal({ ...email, mobileCountryCode: "+44", ...instagram })).toBe("Please select a country code for your mobile number.");
    expect(refusal({ ...email, mobileCountryCode: "+44", mobileNumber: "77009", ...instagram })).toBe("Mobile number should contain 6-15 digits only.");
    expect(refusal({ ...email, ...instagram })).toBe("Please enter a valid email address.");
    expect(refusal(instagram)).toBe("Please enter a valid Instagram username (@username) or URL.");
  });
});

describe("a password's length", () => {
  const signUp = { firstName: "Nadia", lastName: "Okafor", email: "nadia@example.com" };
  const refusal = (result: { success: boolean; error?: Parameters<typeof firstIssueMessage>[0] }) =>
    result.success ? "accepted" : firstIssueMessage(result.error!);

  // The auth library counts UTF-16 units when it checks a login: a password it would refuse is never set.
  it.each([
    ["128 letters", "a".repeat(128), "accepted"],
    ["129 letters", "a".repeat(129), "Password should be at most 128 characters."],
    ["64 emoji, 128 units", "🦷".repeat(64), "accepted"],
    ["65 emoji, 130 units", "🦷".repeat(65), "Password should be at most 128 characters."],
  ])("is counted as login counts it: %s", (_label, password, expected) => {
    expect(refusal(SignUpSchema.safeParse({ ...signUp, password, confirmPassword: password }))).toBe(expected);
    expect(refusal(NewPasswordSchema.safeParse({ newPassword: password, confirmPassword: password }))).toBe(expected);
    expect(refusal(LoginSchema.safeParse({ email: "nadia@example.com", password }))).toBe(
      expected === "accepted" ? "accepted" : "Login failed. Please check your credentials.",
    );
  });
});

describe("an email address", () => {
  // RFC 5321: a mail server may refuse more than 64 characters before the @, and the email would never arrive.
  it.each([
    [`${"x".repeat(64)}@example.com`, true],
    [`${"x".repeat(65)}@example.com`, false],
  ])("has at most 64 characters before the @ (%s)", (email, accepted) => {
    expect(NewsletterSubscriptionSchema.safeParse({ email }).success).toBe(accepted);
    expect(ContactMessageSchema.safeParse({ name: "Nadia Okafor", email, subject: "Dates", message: "When?" }).success).toBe(accepted);
    const signUp = SignUpSchema.safeParse({ firstName: "Nadia", lastName: "Okafor", email, password: "secret1", confirmPassword: "secret1" });
    expect(signUp.success ? "accepted" : firstIssueMessage(signUp.error)).toBe(accepted ? "accepted" : "Please enter a valid email address.");
  });
});

describe("an address that may name an account made before the 64-character rule", () => {
  it("still logs in and asks for a reset", () => {
    const email = `${"x".repeat(65)}@example.com`;
    expect(LoginSchema.safeParse({ email, password: "secret1" }).success).toBe(true);
    expect(ForgotPasswordSchema.safeParse({ email }).success).toBe(true);
  });
});
