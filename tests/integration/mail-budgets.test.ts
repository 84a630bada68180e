import { eq, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { contactMessages, emailOutbox, interestRegistrations, newsletterSubscribers, rateLimits } from "~/server/db/schema.server";
import { mailboxOf } from "~/server/email/outbox.server";
import { sendContactMessage } from "~/server/marketing/contact.server";
import { registerInterest } from "~/server/marketing/interest.server";
import { confirmNewsletterSubscription, subscribeToNewsletter } from "~/server/marketing/newsletter.server";
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
  it("sends one mailbox at most its budget of each kind of confirmation however its address is spelled; the forms still answer and record", async () => {
    const budgets = { perRecipient: 3, staffNotices: 100 };
    const spellings = ["victim@gmail.com", "vic.tim@gmail.com", "victim+1@gmail.com", "VICTIM+2@googlemail.com", "v.ictim+3@gmail.com"];
    const warned = vi.spyOn(log, "warn").mockImplementation(() => {});
    try {
      for (const email of spellings) {
        expect(await subscribeToNewsletter(handle.db, { email }, { siteUrl: TEST_SITE_URL, mailBudgets: budgets })).toEqual({
          message: expect.any(String),
        });
        await registerInterest(
          handle.db,
          { name: "Dr Someone", email, interestedCourses: ["Sinus Grafting"] },
          { staffEmail: STAFF, siteUrl: TEST_SITE_URL, mailBudgets: budgets },
        );
      }
      const lower = spellings.map((email) => email.toLowerCase());
      // Each kind counts on its own: the newsletter's confirmations cannot use up what the interest form may send.
      expect(await queuedTo(lower, "newsletter-confirmation")).toHaveLength(3);
      expect(await queuedTo(spellings, "interest-confirmation")).toHaveLength(3);
      expect(warned).toHaveBeenCalledWith("Not queued: a newsletter-confirmation email over the hour's emails of its kind to its address");
      // What each form records stands; an unsent confirmation is no link out, so the address's next request can send one.
      const subscribers = await handle.db.select().from(newsletterSubscribers).where(inArray(newsletterSubscribers.email, lower));
      expect(subscribers.map((row) => row.confirmationToken !== null).sort()).toEqual([false, false, true, true, true]);
      const registrations = await handle.db.select().from(interestRegistrations).where(inArray(interestRegistrations.email, spellings));
      expect(registrations.map((row) => row.confirmationSentAt !== null).sort()).toEqual([false, false, true, true, true]);
    } finally {
      warned.mockRestore();
    }
  });

  it("keeps the link already in the inbox working when the budget leaves a new one unsent", async () => {
    const budgets = { perRecipient: 1, staffNotices: 100 };
    const email = "keeps.link@example.com";
    const start = new Date();
    await subscribeToNewsletter(handle.db, { email }, { siteUrl: TEST_SITE_URL, mailBudgets: budgets, now: start });
    const [{ confirmationToken: first }] = await handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    // Asked again after the ten minutes in which one link is out, with the hour's budget spent.
    const warned = vi.spyOn(log, "warn").mockImplementation(() => {});
    await subscribeToNewsletter(handle.db, { email }, { siteUrl: TEST_SITE_URL, mailBudgets: budgets, now: new Date(start.getTime() + 11 * 60_000) });
    warned.mockRestore();
    expect(await queuedTo([email], "newsletter-confirmation")).toHaveLength(1);
    expect(await confirmNewsletterSubscription(handle.db, first!)).not.toBeNull();
  });

  it("sends staff at most the hour's budget of notices for the whole site, then one saying where the rest wait", async () => {
    const budgets = { perRecipient: 100, staffNotices: 2 };
    const staff = "notices@example.com";
    // The site's count so far this hour (other tests' notices) starts again.
    await handle.db.delete(rateLimits).where(eq(rateLimits.key, "hourly:staff-notices"));
    const warned = vi.spyOn(log, "warn").mockImplementation(() => {});
    try {
      for (const [index, email] of ["one@example.com", "two@example.org", "three@example.net", "four@example.com"].entries()) {
        const answer = await sendContactMessage(
          handle.db,
          { name: `Sender ${index}`, email, subject: "Dates", message: "When is the next course?" },
          { staffEmail: staff, siteUrl: TEST_SITE_URL, mailBudgets: budgets },
        );
        expect(answer.message).toBe("Your message has been sent successfully!");
      }
      expect(await queuedTo([staff], "contact-notification")).toHaveLength(2);
      const [paused, ...more] = await queuedTo([staff], "staff-notices-paused");
      expect(more).toEqual([]);
      expect(paused.text).toContain(`${TEST_SITE_URL}/admin/inbox`);
      expect(
        await handle.db
          .select()
          .from(contactMessages)
          .where(inArray(contactMessages.email, ["three@example.net", "four@example.com"])),
      ).toHaveLength(2);
      expect(warned).toHaveBeenCalledWith("Not queued: a contact-notification email over the hour's staff notices");
    } finally {
      warned.mockRestore();
    }
  });
});
