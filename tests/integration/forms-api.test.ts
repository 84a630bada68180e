import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";

import { NAME_MARKUP_MESSAGE, NAME_WEB_ADDRESS_MESSAGE } from "~/lib/schemas/fields";
import { INTEREST_REQUIRED_MESSAGE } from "~/lib/schemas/interest";
import * as apiRegisterInterestRoute from "~/routes/api.register-interest";
import * as apiSendContactEmailRoute from "~/routes/api.v2.send-contact-email";
import * as apiSubscribeNewsletterRoute from "~/routes/api.v2.subscribe-newsletter";
import * as contactRoute from "~/routes/contact";
import * as coursesRoute from "~/routes/courses";
import * as homeRoute from "~/routes/home";
import { contactMessages, emailOutbox, interestRegistrations, newsletterSubscribers, rateLimits } from "~/server/db/schema.server";
import { TOO_MANY_REQUESTS_MESSAGE } from "~/server/platform/rate-limit.server";

import { useTestDatabase } from "../support/database";
import { guarded, jsonRequest, routeArgs, settle, TEST_SITE_URL, testEnv } from "../support/route-args";

const contactAction = guarded(apiSendContactEmailRoute, "action");
const interestAction = guarded(apiRegisterInterestRoute, "action");
const newsletterAction = guarded(apiSubscribeNewsletterRoute, "action");

const handle = useTestDatabase();
afterAll(async () => {});
// Each test starts with no rate-limit history.
beforeEach(async () => {
  await handle.db.delete(rateLimits);
});

/** Any route action: each has its own generated argument type, all satisfied by routeArgs. */
type Action = (args: never) => unknown;
const call = (action: Action, path: string, body: unknown, headers: Record<string, string> = {}) =>
  settle(() => action(routeArgs(jsonRequest(path, body, headers), handle) as never));

const endpoints = {
  newsletter: { action: newsletterAction, path: "/api/v2/v2-subscribe-newsletter", table: newsletterSubscribers },
  interest: { action: interestAction, path: "/api/register-interest", table: interestRegistrations },
  contact: { action: contactAction, path: "/api/v2/v2-send-contact-email", table: contactMessages },
} as const;

async function rows(table: (typeof endpoints)[keyof typeof endpoints]["table"]) {
  const [row] = await handle.db.select({ n: count() }).from(table);
  return row.n;
}
async function outboxSize() {
  const [row] = await handle.db.select({ n: count() }).from(emailOutbox);
  return row.n;
}

const script = "<script>alert('x')</script>";
const longName = "N".repeat(10_000);
const oneMegabyte = "x".repeat(1024 * 1024);

const badInput: Record<keyof typeof endpoints, [string, unknown, number, string][]> = {
  newsletter: [
    ["missing fields", {}, 400, "Email address is required."],
    ["an empty email", { email: "   " }, 400, "Email address is required."],
    ["a wrong type", { email: 42 }, 400, "Email address is required."],
    ["non-JSON", "email=a@b.com", 400, "Email address is required."],
    ["an empty body", "", 400, "Email address is required."],
    ["a JSON list", [{ email: "a@b.com" }], 400, "Email address is required."],
    ["a malformed email", { email: "not-an-email" }, 400, "Invalid email format."],
    ["a 10,000-character name", { email: "a@example.com", name: longName }, 400, "Name must be at most 80 characters."],
    ["HTML and script in every field", { email: script, name: script }, 400, "Invalid email format."],
    ["a 1 MB body", { email: "a@example.com", name: oneMegabyte }, 413, "Request body too large."],
  ],
  interest: [
    ["missing fields", {}, 400, "Please fill in your name, email, and select at least one course."],
    ["no course", { name: "Dr A", email: "a@example.com", interestedCourses: [] }, 400, "Please fill in your name, email, and select at least one course."],
    [
      "a wrong type",
      { name: "Dr A", email: "a@example.com", interestedCourses: "Sinus Grafting" },
      400,
      "Please fill in your name, email, and select at least one course.",
    ],
    ["non-JSON", "name=x", 400, "Please fill in your name, email, and select at least one course."],
    ["an empty body", "", 400, "Please fill in your name, email, and select at least one course."],
    ["a malformed email", { name: "Dr A", email: "a@b", interestedCourses: ["Sinus Grafting"] }, 400, "Please enter a valid email address."],
    ["a 10,000-character name", { name: longName, email: "a@example.com", interestedCourses: ["Sinus Grafting"] }, 400, "Name must be at most 80 characters."],
    ["HTML and script in every field", { name: script, email: script, interestedCourses: [script] }, 400, NAME_MARKUP_MESSAGE],
    [
      "a web address as the name",
      { name: "Win at www.prize.example.com", email: "a@example.com", interestedCourses: ["Sinus Grafting"] },
      400,
      NAME_WEB_ADDRESS_MESSAGE,
    ],
    [
      "a list of 1,000 courses",
      { name: "Dr A", email: "a@example.com", interestedCourses: Array(1000).fill("Sinus Grafting") },
      400,
      "Please fill in your name, email, and select at least one course.",
    ],
    [
      "an unknown course name",
      { name: "Dr A", email: "a@example.com", interestedCourses: ["Basket Weaving"] },
      400,
      "Please fill in your name, email, and select at least one course.",
    ],
    ["a 1 MB body", { name: oneMegabyte, email: "a@example.com", interestedCourses: ["Sinus Grafting"] }, 413, "Request body too large."],
  ],
  contact: [
    ["missing fields", {}, 400, "All fields are required."],
    ["blank fields", { name: " ", email: " ", subject: " ", message: " " }, 400, "All fields are required."],
    ["one missing field", { name: "Dr A", email: "a@example.com", subject: "Hi" }, 400, "All fields are required."],
    ["a wrong type", { name: "Dr A", email: "a@example.com", subject: 7, message: "Hello" }, 400, "All fields are required."],
    ["non-JSON", "hello", 400, "All fields are required."],
    ["an empty body", "", 400, "All fields are required."],
    ["a malformed email", { name: "Dr A", email: "a@example", subject: "Hi", message: "Hello" }, 400, "Invalid email format."],
    ["a missing field and a malformed email: presence first", { name: "Dr A", email: "nope", subject: "", message: "Hello" }, 400, "All fields are required."],
    ["a 10,000-character name", { name: longName, email: "a@example.com", subject: "Hi", message: "Hello" }, 400, "Full name must be at most 80 characters."],
    ["HTML and script in every field", { name: script, email: script, subject: script, message: script }, 400, NAME_MARKUP_MESSAGE],
    ["a link as the name", { name: "Claim https://evil.example/now", email: "a@example.com", subject: "Hi", message: "Hello" }, 400, NAME_WEB_ADDRESS_MESSAGE],
    ["a name that reverses itself", { name: "Mal\u202eloryevil", email: "a@example.com", subject: "Hi", message: "Hello" }, 400, NAME_MARKUP_MESSAGE],
    ["a 1 MB body", { name: "Dr A", email: "a@example.com", subject: "Hi", message: oneMegabyte }, 413, "Request body too large."],
  ],
};

describe.each(Object.entries(endpoints))("%s endpoint, bad input", (key, endpoint) => {
  it.each(badInput[key as keyof typeof endpoints])("answers %s with its message and stores nothing", async (_case, body, status, error) => {
    const result = await call(endpoint.action, endpoint.path, body);
    expect(result).toEqual({ status, body: { error } });
    expect(await rows(endpoint.table)).toBe(0);
    expect(await outboxSize()).toBe(0);
  });

  it("refuses a cross-site browser request", async () => {
    const result = await call(endpoint.action, endpoint.path, {}, { Origin: "https://attacker.example" });
    expect(result.status).toBe(403);
  });
});

describe("newsletter", () => {
  it("subscribes once per address (case-insensitive), with a confirmation email carrying unsubscribe headers", async () => {
    const first = await call(newsletterAction, endpoints.newsletter.path, { email: "  Dr.Who@Example.com ", name: " Dr Who " });
    expect(first).toEqual({
      status: 200,
      body: { message: "Successfully subscribed to the newsletter! Please check your inbox to confirm your subscription." },
    });
    const second = await call(newsletterAction, endpoints.newsletter.path, { email: "dr.who@example.com" });
    expect(second).toEqual(first);
    const subscribers = await handle.db.select().from(newsletterSubscribers);
    expect(subscribers).toHaveLength(1);
    expect(subscribers[0]).toMatchObject({ email: "dr.who@example.com", name: "Dr Who", confirmedAt: null });
    const mail = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "dr.who@example.com"));
    expect(mail).toHaveLength(1);
    expect(mail[0].template).toBe("newsletter-confirmation");
    expect(mail[0].text).not.toContain("Dr Who");
    expect(mail[0].text).toContain(`/newsletter/confirm?token=${subscribers[0].confirmationToken}`);
    expect(mail[0].headers["List-Unsubscribe"]).toContain(`/newsletter/unsubscribe?token=${subscribers[0].unsubscribeToken}`);
    expect(mail[0].headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("rate-limits repeated submissions from one address with 429, past FORM_RATE_LIMIT (10 unless set)", async () => {
    const { formRateLimit } = testEnv();
    expect(formRateLimit).toBe(10);
    const statuses = [];
    for (let i = 0; i <= formRateLimit; i++) statuses.push((await call(newsletterAction, endpoints.newsletter.path, { email: `r${i}@example.com` })).status);
    expect(statuses).toEqual([...Array.from({ length: formRateLimit }, () => 200), 429]);
  });
});

describe("interest", () => {
  it("stores the registration and notifies staff with Reply-To the visitor", async () => {
    const result = await call(interestAction, endpoints.interest.path, {
      name: "Dr Amira Khan",
      email: "amira@example.com",
      interestedCourses: ["Sinus Grafting", "Level 2 - Ultimate Full Arch Live Course"],
    });
    expect(result).toEqual({ status: 200, body: { message: "Thank you! Your interest has been registered." } });
    const [row] = await handle.db.select().from(interestRegistrations);
    expect(row).toMatchObject({ name: "Dr Amira Khan", email: "amira@example.com" });
    expect(row.offeringKeys).toEqual(["sinus-grafting", "level-2"]);
    const [mail] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.template, "interest-notification"));
    expect(mail).toMatchObject({ toAddress: "info@globalimplantinstitute.com", replyTo: "amira@example.com" });
    expect(mail.text).toContain("Sinus Grafting");
  });

  it("takes a course named twice as one interest in it", async () => {
    const result = await call(interestAction, endpoints.interest.path, {
      name: "Dr Omar Haddad",
      email: "omar@example.com",
      interestedCourses: ["Sinus Grafting", "Sinus Grafting"],
    });
    expect(result).toEqual({ status: 200, body: { message: "Thank you! Your interest has been registered." } });
    const [row] = await handle.db.select().from(interestRegistrations).where(eq(interestRegistrations.email, "omar@example.com"));
    expect(row.offeringKeys).toEqual(["sinus-grafting"]);
  });

  it("reads a course's title without the spaces around it", async () => {
    const result = await call(interestAction, endpoints.interest.path, {
      name: "Dr Lina Saleh",
      email: "lina@example.com",
      interestedCourses: [" Sinus Grafting "],
    });
    expect(result).toEqual({ status: 200, body: { message: "Thank you! Your interest has been registered." } });
    const [row] = await handle.db.select().from(interestRegistrations).where(eq(interestRegistrations.email, "lina@example.com"));
    expect(row.offeringKeys).toEqual(["sinus-grafting"]);
  });

  it("refuses the administrators' test product, which the form never offers", async () => {
    const result = await call(interestAction, endpoints.interest.path, {
      name: "Dr Test",
      email: "test.product@example.com",
      interestedCourses: ["Test Product"],
    });
    expect(result).toEqual({ status: 400, body: { error: "Please fill in your name, email, and select at least one course." } });
    expect(await handle.db.select().from(interestRegistrations).where(eq(interestRegistrations.email, "test.product@example.com"))).toEqual([]);
  });
});

describe("contact", () => {
  it("stores the message, emails staff with Reply-To the sender, and keeps script as text", async () => {
    const result = await call(contactAction, endpoints.contact.path, {
      name: "Dr Sam Lee",
      email: "sam@example.com",
      subject: "Level 2 <b>dates</b>",
      message: `Hello\n${script}`,
    });
    expect(result).toEqual({ status: 200, body: { message: "Your message has been sent successfully!" } });
    const [row] = await handle.db.select().from(contactMessages);
    expect(row.message).toBe(`Hello\n${script}`);
    const [mail] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.template, "contact-notification"));
    expect(mail).toMatchObject({ toAddress: "info@globalimplantinstitute.com", replyTo: "sam@example.com" });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.text).toContain(script);
  });

  it("drops the direction overrides that would disguise a subject or message in the staff email", async () => {
    const result = await call(contactAction, endpoints.contact.path, {
      name: "Dr Sam Lee",
      email: "bidi@example.com",
      subject: "Invoice \u202egpj.exe\u202c urgent",
      message: "See \u2067gpj.exe\u2069",
    });
    expect(result.status).toBe(200);
    const [row] = await handle.db.select().from(contactMessages).where(eq(contactMessages.email, "bidi@example.com"));
    expect({ subject: row.subject, message: row.message }).toEqual({ subject: "Invoice gpj.exe urgent", message: "See gpj.exe" });
    const [mail] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.replyTo, "bidi@example.com"));
    expect(mail.subject).toBe("Website message: Invoice gpj.exe urgent");
  });

  it("takes an address with an apostrophe, as Irish names have, and replies to it", async () => {
    const result = await call(contactAction, endpoints.contact.path, {
      name: "Dr Dan O'Neil",
      email: "dan.o'neil@example.com",
      subject: "Hi",
      message: "Hello",
    });
    expect(result.status).toBe(200);
    const mails = await handle.db.select({ replyTo: emailOutbox.replyTo }).from(emailOutbox).where(eq(emailOutbox.template, "contact-notification"));
    expect(mails.map((mail) => mail.replyTo)).toContain("dan.o'neil@example.com");
  });

  it("answers a bot that fills the honeypot like anyone else, and drops its message, whatever the field holds", async () => {
    const before = await rows(contactMessages);
    for (const website of ["http://spam.example", 5, null, ["x"], { a: 1 }, "x".repeat(600)]) {
      const result = await call(contactAction, endpoints.contact.path, {
        name: "Bot",
        email: "bot@example.com",
        subject: "Offer",
        message: "Cheap pills",
        website,
      });
      expect(result, JSON.stringify(website).slice(0, 20)).toEqual({ status: 200, body: { message: "Your message has been sent successfully!" } });
    }
    expect(await rows(contactMessages)).toBe(before);
  });

  it("stores and mails a subject on one line: a line break in it can never become a header", async () => {
    const result = await call(contactAction, endpoints.contact.path, {
      name: "Ann Example",
      email: "ann.subject@example.com",
      subject: "Hello\r\nBcc: victim@example.org\r\nX-Injected: 1",
      message: "First line\nSecond line",
    });
    expect(result.status).toBe(200);
    const [stored] = await handle.db.select().from(contactMessages).where(eq(contactMessages.email, "ann.subject@example.com"));
    expect(stored).toMatchObject({ subject: "Hello Bcc: victim@example.org X-Injected: 1", message: "First line\nSecond line" });
    const [mail] = await handle.db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, "contact-notification"), eq(emailOutbox.replyTo, "ann.subject@example.com")));
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toContain("Hello Bcc: victim@example.org X-Injected: 1");
  });
});

describe("the same forms posted to their pages, as they are without scripts", () => {
  const pages = {
    newsletter: { action: guarded(homeRoute, "action"), path: "/?index", table: newsletterSubscribers },
    interest: { action: guarded(coursesRoute, "action"), path: "/courses", table: interestRegistrations },
    contact: { action: guarded(contactRoute, "action"), path: "/contact", table: contactMessages },
  } as const;

  /** Posts the fields as a browser posts a form (url-encoded), from the site's own page unless the headers say otherwise. */
  const post = (page: keyof typeof pages, fields: [string, string][], headers: Record<string, string> = {}) => {
    const request = new Request(new URL(pages[page].path, TEST_SITE_URL), {
      method: "POST",
      headers: { Origin: TEST_SITE_URL, ...headers },
      body: new URLSearchParams(fields),
    });
    return settle(() => pages[page].action(routeArgs(request, handle)));
  };

  // Each with the fields its message is about, which the page marks.
  const emptyForms: [keyof typeof pages, [string, string][], string, unknown, string[]][] = [
    [
      "newsletter",
      [
        ["email", " "],
        ["name", ""],
      ],
      "Email address is required.",
      { email: " ", name: "" },
      ["email"],
    ],
    [
      "interest",
      [
        ["name", "Dr A"],
        ["email", "a@example.com"],
      ],
      INTEREST_REQUIRED_MESSAGE,
      { name: "Dr A", email: "a@example.com", interestedCourses: [] },
      ["interestedCourses"],
    ],
    [
      "contact",
      [
        ["name", "Dr A"],
        ["email", "a@example.com"],
        ["subject", "Dates"],
      ],
      "All fields are required.",
      { name: "Dr A", email: "a@example.com", subject: "Dates", message: "", website: "" },
      ["message"],
    ],
  ];

  it.each(emptyForms)(
    "%s: refused with spec 5's message, the fields it is about and what was typed, storing nothing",
    async (page, fields, message, posted, atFault) => {
      const before = await rows(pages[page].table);
      const outbox = await outboxSize();
      expect(await post(page, fields)).toEqual({ status: 400, body: { ok: false, message, posted, fields: atFault } });
      expect(await rows(pages[page].table)).toBe(before);
      expect(await outboxSize()).toBe(outbox);
    },
  );

  it.each(Object.keys(pages) as (keyof typeof pages)[])("%s: refused from another site, or with no Origin, and read only as a form", async (page) => {
    expect((await post(page, [["email", "a@example.com"]], { Origin: "https://attacker.example" })).status).toBe(403);
    const noOrigin = new Request(new URL(pages[page].path, TEST_SITE_URL), { method: "POST", body: new URLSearchParams({ email: "a@example.com" }) });
    expect((await settle(() => pages[page].action(routeArgs(noOrigin, handle) as never))).status).toBe(403);
    const json = await settle(() => pages[page].action(routeArgs(jsonRequest(pages[page].path, { email: "a@example.com" }), handle)));
    expect(json.status).toBe(415);
  });

  it("newsletter: subscribes as the endpoint does, with the confirmation email", async () => {
    const result = await post("newsletter", [
      ["email", " page.subscriber@example.com "],
      ["name", " Dr Page "],
    ]);
    expect(result).toEqual({
      status: 200,
      body: { ok: true, message: "Successfully subscribed to the newsletter! Please check your inbox to confirm your subscription." },
    });
    const [row] = await handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "page.subscriber@example.com"));
    expect(row).toMatchObject({ name: "Dr Page", confirmedAt: null });
    const mail = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "page.subscriber@example.com"));
    expect(mail.map((message) => message.template)).toEqual(["newsletter-confirmation"]);
  });

  it("interest: registers every ticked course, in order, and tells staff", async () => {
    const result = await post("interest", [
      ["name", "Dr Page Interest"],
      ["email", "page.interest@example.com"],
      ["interestedCourses", "Sinus Grafting"],
      ["interestedCourses", "Level 2 - Ultimate Full Arch Live Course"],
    ]);
    expect(result).toEqual({ status: 200, body: { ok: true, message: "Thank you! Your interest has been registered." } });
    const [row] = await handle.db.select().from(interestRegistrations).where(eq(interestRegistrations.email, "page.interest@example.com"));
    expect(row.offeringKeys).toEqual(["sinus-grafting", "level-2"]);
    const mail = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.replyTo, "page.interest@example.com"));
    expect(mail.map((message) => message.template)).toEqual(["interest-notification"]);
  });

  it("contact: stores and mails the message, and drops a bot's that fills the honeypot with the same answer", async () => {
    const fields: [string, string][] = [
      ["name", "Dr Page Contact"],
      ["email", "page.contact@example.com"],
      ["subject", "Dates"],
      ["message", "When is the next course?"],
    ];
    const sent = { status: 200, body: { ok: true, message: "Your message has been sent successfully!" } };
    expect(await post("contact", [...fields, ["website", ""]])).toEqual(sent);
    expect(await post("contact", [...fields, ["website", "http://spam.example"]])).toEqual(sent);
    const stored = await handle.db.select().from(contactMessages).where(eq(contactMessages.email, "page.contact@example.com"));
    expect(stored).toHaveLength(1);
    const mail = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.replyTo, "page.contact@example.com"));
    expect(mail.map((message) => message.template)).toEqual(["contact-notification"]);
  });

  it("spends the endpoint's budget: past FORM_RATE_LIMIT from one address, the page is told to wait, the typed values kept", async () => {
    const { formRateLimit } = testEnv();
    for (let i = 0; i < formRateLimit; i++)
      expect((await call(newsletterAction, endpoints.newsletter.path, { email: `budget${i}@example.com` })).status).toBe(200);
    expect(await post("newsletter", [["email", "over.budget@example.com"]])).toEqual({
      status: 429,
      body: { ok: false, message: TOO_MANY_REQUESTS_MESSAGE, posted: { email: "over.budget@example.com", name: "" } },
    });
    expect(await handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "over.budget@example.com"))).toEqual([]);
  });
});
