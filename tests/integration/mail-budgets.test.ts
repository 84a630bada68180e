import { eq, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { contactMessages, emailOutbox, interestRegistrations, newsletterSubscribers, rateLimits } from "~/server/db/schema.server";
import { mailboxOf } from "~/server/email/outbox.server";
import { sendContactMessage } from "~/server/marketing/contact.server";
import { registerInterest } from "~/server/marketing/interest.server";
import { subscribeToNewsletter } from "~/server/marketing/newsletter.server";
import { log } from "~/server/platform/log.server";

import { testDriver, useTestDatabase } from "../support/database";
import { TEST_SITE_URL } from "../support/route-args";

const handle = useTestDatabase();
const STAFF = "staff@example.com";

const queuedTo = (addresses: string[], template: string) =>
  handle.db
    .select()
    .from(emailOutbox)
    .where(inArray(emailOutbox.toAddress, addresses))
    .then((rows) => rows.filter((row) => row.template === template));

describe("the mailbox an address reaches", () => {
  it.each([
    ["Ann@Example.com", "ann@example.com"],
    ["ann+offers@example.com", "ann@example.com"],
    ["a.n.n+1@gmail.com", "ann@gmail.com"],
    ["A.nn@GoogleMail.com", "ann@gmail.com"],
    ["a.nn@example.com", "a.nn@example.com"],
  ])("reads %s as %s", (address, mailbox) => {
    expect(mailboxOf(address)).toBe(mailbox);
  });
});

describe(`the hour's mail budgets on ${testDriver}`, () => {
  it("sends one mailbox at most its budget of confirmations however its address is spelled and whichever form asks; the forms still answer and record", async () => {
    const budgets = { perRecipient: 3, staffNotices: 100 };
    const spellings = ["victim@gmail.com", "vic.tim@gmail.com", "victim+1@gmail.com", "VICTIM+2@googlemail.com", "v.ictim+3@gmail.com"];
    const warned = vi.spyOn(log, "warn").mockImplementation(() => {});
    try {
      const answers = [];
      for (const email of spellings.slice(0, 3))
        answers.push(await subscribeToNewsletter(handle.db, { email }, { siteUrl: TEST_SITE_URL, mailBudgets: budgets }));
      for (const email of spellings.slice(3)) {
        answers.push(
          await registerInterest(
            handle.db,
            { name: "Dr Someone", email, interestedCourses: ["Sinus Grafting"] },
            { staffEmail: STAFF, siteUrl: TEST_SITE_URL, mailBudgets: budgets },
          ),
        );
      }
      expect(answers.slice(0, 3).map((answer) => answer.message)).toEqual(Array(3).fill(answers[0].message));
      expect(answers.slice(3).map((answer) => answer.message)).toEqual(Array(2).fill(answers[3].message));

      const confirmations = [
        ...(await queuedTo(spellings, "newsletter-confirmation")),
        ...(await queuedTo(
          spellings.map((email) => email.toLowerCase()),
          "interest-confirmation",
        )),
      ];
      expect(confirmations).toHaveLength(3);
      expect(warned.mock.calls.map(([message]) => String(message))).toEqual([
        "Not queued: a interest-confirmation email over the hour's emails to its address",
        "Not queued: a interest-confirmation email over the hour's emails to its address",
      ]);
      // What each form records stands: only the email is held back.
      expect(
        await handle.db
          .select()
          .from(newsletterSubscribers)
          .where(inArray(newsletterSubscribers.email, spellings.slice(0, 3))),
      ).toHaveLength(3);
      expect(
        await handle.db
          .select()
          .from(interestRegistrations)
          .where(inArray(interestRegistrations.email, spellings.slice(3))),
      ).toHaveLength(2);
      // Staff's notices of the registrations are not the visitor's mailbox's budget.
      expect((await queuedTo([STAFF], "interest-notification")).length).toBeGreaterThanOrEqual(2);
    } finally {
      warned.mockRestore();
    }
  });

  it("sends staff at most the hour's budget of notices for the whole site; every message waits in the back office's inbox", async () => {
    const budgets = { perRecipient: 100, staffNotices: 2 };
    const staff = "notices@example.com";
    // The site's count so far this hour (other tests' notices) starts again.
    await handle.db.delete(rateLimits).where(eq(rateLimits.key, "hourly:staff-notices"));
    const warned = vi.spyOn(log, "warn").mockImplementation(() => {});
    try {
      for (const [index, email] of ["one@example.com", "two@example.org", "three@example.net"].entries()) {
        const answer = await sendContactMessage(
          handle.db,
          { name: `Sender ${index}`, email, subject: "Dates", message: "When is the next course?" },
          { staffEmail: staff, mailBudgets: budgets },
        );
        expect(answer.message).toBe("Your message has been sent successfully!");
      }
      expect(await queuedTo([staff], "contact-notification")).toHaveLength(2);
      expect(await handle.db.select().from(contactMessages).where(eq(contactMessages.email, "three@example.net"))).toHaveLength(1);
      expect(warned).toHaveBeenCalledWith("Not queued: a contact-notification email over the hour's staff notices");
    } finally {
      warned.mockRestore();
    }
  });
});
