import { describe, expect, it } from "vitest";

import { ContactMessageSchema } from "~/lib/schemas/contact";
import { isPlainName } from "~/lib/schemas/fields";

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
    "José Núñez",
    "محمد العلي",
    "Zoë 😊",
    // A zero-width joiner belongs in some scripts' names.
    "می\u200cخواهم",
  ])("takes %j", (name) => {
    expect(isPlainName(name)).toBe(true);
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
  ])("refuses %s", (_what, name) => {
    expect(isPlainName(name)).toBe(false);
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
