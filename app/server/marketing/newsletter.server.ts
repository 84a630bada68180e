import { randomBytes } from "node:crypto";

import { and, eq, inArray, isNull, sql } from "drizzle-orm";

import type { NewsletterSubscription } from "~/lib/schemas/newsletter";
import type { Database, Transaction } from "~/server/db/client.server";
import { interestRegistrations, newsletterSubscribers, profiles, users } from "~/server/db/schema.server";
import { enqueueEmail, marketingHeaders, spendMailBudget } from "~/server/email/outbox.server";
import { renderNewsletterConfirmation } from "~/server/email/templates.server";
import type { MailBudgets } from "~/server/platform/env.server";

const SUBSCRIBED_MESSAGE = "Successfully subscribed to the newsletter!";
export const CONFIRM_BY_EMAIL_MESSAGE = `${SUBSCRIBED_MESSAGE} Please check your inbox to confirm your subscription.`;

/** One confirmation email per address per this interval, however often it is submitted. */
export const CONFIRMATION_EMAIL_INTERVAL_MS = 10 * 60 * 1000;

/** The secret in an emailed link (confirm, unsubscribe). */
export const newLinkToken = () => randomBytes(24).toString("base64url");

function newsletterLinks(siteUrl: string, tokens: { confirmationToken: string; unsubscribeToken: string }) {
  return {
    confirmUrl: `${siteUrl}/newsletter/confirm?token=${tokens.confirmationToken}`,
    unsubscribeUrl: `${siteUrl}/newsletter/unsubscribe?token=${tokens.unsubscribeToken}`,
  };
}

async function sendConfirmation(
  tx: Transaction,
  { siteUrl }: { siteUrl: string },
  subscriber: { email: string; confirmationToken: string; unsubscribeToken: string },
) {
  const links = newsletterLinks(siteUrl, subscriber);
  // No name: the address is not confirmed yet, so nothing the requester typed goes into the email.
  const rendered = await renderNewsletterConfirmation(links);
  await enqueueEmail(tx, { template: "newsletter-confirmation", to: subscriber.email, ...rendered, headers: marketingHeaders(links.unsubscribeUrl) });
}

/**
 * The subscription a sign-up with the box ticked asks for (spec 7), kept unconfirmed and sent no email of
 * its own: confirming the account confirms it (applyMarketingChoice), so a new account gets one email to
 * confirm, not two. An address already on the list is left as it is.
 */
export async function recordSignUpSubscription(db: Database, input: NewsletterSubscription): Promise<void> {
  await db
    .insert(newsletterSubscribers)
    .values({ email: input.email.toLowerCase(), name: input.name ?? null, source: "signup", unsubscribeToken: newLinkToken() })
    .onConflictDoNothing({ target: newsletterSubscribers.email });
}

/**
 * Subscribe with double opt-in (design.md 5): one row per lower-cased email. The
 * answer is the same whatever the address's state, so it tells nobody who is on the
 * list. A confirmed subscriber is left exactly as they are. Anyone else gets a
 * confirmation email with a new link, at most one per CONFIRMATION_EMAIL_INTERVAL_MS,
 * and stays unsubscribed until it is followed. The row is locked (or being inserted)
 * for the whole transaction, and the email is queued in it, so concurrent requests
 * for one address send one email.
 */
export async function subscribeToNewsletter(
  db: Database,
  input: NewsletterSubscription,
  options: { siteUrl: string; mailBudgets: MailBudgets; source?: string; now?: Date },
): Promise<{ message: string }> {
  const email = input.email.toLowerCase();
  const now = options.now ?? new Date();
  const answer = { message: CONFIRM_BY_EMAIL_MESSAGE };
  const confirmationToken = newLinkToken();
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(newsletterSubscribers)
      .values({
        email,
        name: input.name ?? null,
        source: options.source ?? "website",
        confirmationToken,
        confirmationSentAt: now,
        unsubscribeToken: newLinkToken(),
      })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning();
    // Asked before a link is made: one the mailbox's budget leaves unsent would end the link already in its inbox.
    const withinBudget = () =>
      spendMailBudget(tx, { template: "newsletter-confirmation", to: email }, { kind: "typed-address", limit: options.mailBudgets.perRecipient });
    if (created) {
      if (await withinBudget()) await sendConfirmation(tx, options, { email, confirmationToken, unsubscribeToken: created.unsubscribeToken });
      // Unsent, it is no link out: the next request, once the hour's budget allows, sends one.
      else await tx.update(newsletterSubscribers).set({ confirmationToken: null, confirmationSentAt: null }).where(eq(newsletterSubscribers.id, created.id));
      return answer;
    }

    const [existing] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).for("update");
    if (!existing) throw new Error("Newsletter subscriber vanished during subscription");
    if (existing.confirmedAt && !existing.unsubscribedAt) return answer;
    // One email per ten minutes while a link is out; an unsubscribe ended the last link, so the address's own change of mind gets one at once.
    const sentAt = existing.confirmationSentAt?.getTime();
    if (existing.confirmationToken && sentAt !== undefined && now.getTime() - sentAt < CONFIRMATION_EMAIL_INTERVAL_MS) return answer;
    if (!(await withinBudget())) return answer;

    await tx
      .update(newsletterSubscribers)
      .set({
        // Only a never-confirmed row takes the requester's name: a former subscriber's stays theirs.
        name: existing.confirmedAt ? existing.name : (input.name ?? existing.name),
        confirmationToken,
        confirmationSentAt: now,
      })
      .where(eq(newsletterSubscribers.id, existing.id));
    await sendConfirmation(tx, options, { email, confirmationToken, unsubscribeToken: existing.unsubscribeToken });
    return answer;
  });
}

/**
 * The marketing switch of the verified account with this address follows its list: confirmed from the
 * email, it is on; unsubscribed by a link, off (the switch's own changes are applyMarketingChoice's).
 * The mailbox has proven the choice its owner's, so the account's page and the emails agree.
 */
async function setAccountSwitch(tx: Transaction, email: string, on: boolean) {
  const account = tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), eq(users.emailVerified, true)));
  await tx
    .update(profiles)
    .set({ emailPreferences: sql`${profiles.emailPreferences} || ${JSON.stringify({ eventNotifications: on })}::jsonb` })
    .where(inArray(profiles.id, account));
}

/** The link in the confirmation email, once: null for an unknown, used or withdrawn token. */
export async function confirmNewsletterSubscription(db: Database, token: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterSubscribers)
      .set({ confirmedAt: new Date(), unsubscribedAt: null, confirmationToken: null })
      .where(eq(newsletterSubscribers.confirmationToken, token))
      .returning({ email: newsletterSubscribers.email });
    if (!row) return null;
    await setAccountSwitch(tx, row.email, true);
    return row;
  });
}

/**
 * One-click unsubscribe (RFC 8058) and the link in every marketing email. Null for an
 * unknown token. It also ends any confirmation link still out, so an older email
 * cannot subscribe the address again. The page promises no more marketing emails,
 * and a new-date email to a subscriber who also registered interest carries only
 * this link, so the address's interest registrations end too, as their own link ends them.
 */
export async function unsubscribeFromNewsletter(db: Database, token: string) {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: now, confirmationToken: null })
      .where(eq(newsletterSubscribers.unsubscribeToken, token))
      .returning({ email: newsletterSubscribers.email });
    if (!row) return null;
    await tx
      .update(interestRegistrations)
      .set({ unsubscribedAt: now, confirmationToken: null })
      .where(and(sql`lower(${interestRegistrations.email}) = ${row.email.toLowerCase()}`, isNull(interestRegistrations.unsubscribedAt)));
    await setAccountSwitch(tx, row.email, false);
    return row;
  });
}

/**
 * The account's marketing switch ('Receive emails about new courses and
 * upcoming events') acts on the lists those emails go to: off ends the
 * address's newsletter subscription and every interest registration; on
 * subscribes it, confirmed at once (a signed-in account has followed its
 * confirmation link already). A newsletter confirmation email still out keeps
 * its link, which then answers that the subscription is confirmed.
 */
export async function applyMarketingChoice(tx: Transaction, person: { email: string; name: string | null }, wanted: boolean, now = new Date()) {
  const email = person.email.toLowerCase();
  if (!wanted) {
    await tx
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: now, confirmationToken: null })
      .where(and(eq(newsletterSubscribers.email, email), isNull(newsletterSubscribers.unsubscribedAt)));
    await tx
      .update(interestRegistrations)
      .set({ unsubscribedAt: now, confirmationToken: null })
      .where(and(sql`lower(${interestRegistrations.email}) = ${email}`, isNull(interestRegistrations.unsubscribedAt)));
    return;
  }
  await tx
    .insert(newsletterSubscribers)
    .values({ email, name: person.name, source: "account", confirmedAt: now, unsubscribeToken: newLinkToken() })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: {
        confirmedAt: sql`coalesce(${newsletterSubscribers.confirmedAt}, ${now.toISOString()}::timestamptz)`,
        unsubscribedAt: null,
      },
    });
}
