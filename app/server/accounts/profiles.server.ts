import { eq, sql } from "drizzle-orm";

import type { ProfileInput } from "~/lib/schemas/profile";
import type { Database } from "~/server/db/client.server";
import { profiles } from "~/server/db/schema.server";

export type Profile = typeof profiles.$inferSelect;

/** Spec 7: the person's profile row, or null when there is none yet. */
export async function getProfile(db: Database, userId: string): Promise<Profile | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId));
  return row ?? null;
}

/**
 * Spec 7 profile update. The row is the caller's, named by the session's user
 * id only; a missing row is created (the "not found" case on the account page).
 */
export async function saveProfile(db: Database, userId: string, input: ProfileInput): Promise<Profile> {
  const [row] = await db
    .insert(profiles)
    .values({ id: userId, ...input })
    .onConflictDoUpdate({ target: profiles.id, set: input })
    .returning();
  return row;
}

/** Spec 7 preferences call: sets eventNotifications, keeping any other preference stored beside it. */
export async function setEventNotifications(db: Database, userId: string, eventNotifications: boolean): Promise<void> {
  await db
    .insert(profiles)
    .values({ id: userId, emailPreferences: { eventNotifications } })
    .onConflictDoUpdate({
      target: profiles.id,
      set: { emailPreferences: sql`${profiles.emailPreferences} || ${JSON.stringify({ eventNotifications })}::jsonb` },
    });
}
