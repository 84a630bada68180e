import { eq, sql } from "drizzle-orm";

import type { ProfileInput } from "~/lib/schemas/profile";
import type { Database } from "~/server/db/client.server";
import { profiles, users } from "~/server/db/schema.server";
import { applyMarketingChoice } from "~/server/marketing/newsletter.server";

export type Profile = typeof profiles.$inferSelect;

/** Spec 7: the person's profile row, or null when there is none yet. */
export async function getProfile(db: Database, userId: string): Promise<Profile | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId));
  return row ?? null;
}

/**
 * Spec 7 profile update. The row is the caller's, named by the session's user
 * id only; a missing row is created (the "not found" case on the account page).
 * The account's own name follows the profile's, in the same transaction: the
 * emails greet a person by it, and must not keep a name they have corrected.
 */
export async function saveProfile(db: Database, userId: string, input: ProfileInput): Promise<Profile> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(profiles)
      .values({ id: userId, ...input })
      .onConflictDoUpdate({ target: profiles.id, set: input })
      .returning();
    const name = [input.firstName, input.lastName].filter(Boolean).join(" ");
    await tx
      .update(users)
      .set({ firstName: input.firstName || null, lastName: input.lastName || null, ...(name ? { name } : {}) })
      .where(eq(users.id, userId));
    return row;
  });
}

/**
 * Spec 7 preferences call: sets eventNotifications, keeping any other
 * preference stored beside it, and puts the account's address on or off the
 * lists new-date emails go to, in one transaction.
 */
export async function setEventNotifications(
  db: Database,
  person: { id: string; email: string; emailVerified: boolean; name: string | null },
  eventNotifications: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({ id: person.id, emailPreferences: { eventNotifications } })
      .onConflictDoUpdate({
        target: profiles.id,
        set: { emailPreferences: sql`${profiles.emailPreferences} || ${JSON.stringify({ eventNotifications })}::jsonb` },
      });
    // An address nobody has confirmed is never put on a list.
    if (eventNotifications && !person.emailVerified) return;
    await applyMarketingChoice(tx, person, eventNotifications);
  });
}
