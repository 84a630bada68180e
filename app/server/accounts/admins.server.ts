import { randomBytes } from "node:crypto";

import { eq } from "drizzle-orm";

import type { Auth } from "~/server/auth/auth.server";
import type { Database } from "~/server/db/client.server";
import { profiles, users } from "~/server/db/schema.server";
import { log } from "~/server/platform/log.server";

import { createAccount } from "./accounts.server";

export const DEMO_ADMIN_EMAIL = "admin@globalimplantinstitute.com";

/** Makes an existing account an administrator. False when no account has that email. */
export async function grantAdmin(db: Database, email: string): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!user) return false;
  await db
    .insert(profiles)
    .values({ id: user.id, emailAddress: email.trim().toLowerCase(), isAdmin: true })
    .onConflictDoUpdate({ target: profiles.id, set: { isAdmin: true } });
  return true;
}

/**
 * The embedded demo's staff account: made once, verified, an administrator.
 * Its password is printed only when it is made (or taken from DEMO_ADMIN_PASSWORD).
 */
export async function ensureDemoAdmin(db: Database, auth: Auth, password?: string): Promise<void> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
  if (existing) return;
  const chosen = password ?? randomBytes(12).toString("base64url");
  await createAccount(db, auth, { email: DEMO_ADMIN_EMAIL, password: chosen, firstName: "Institute", lastName: "Staff" });
  await grantAdmin(db, DEMO_ADMIN_EMAIL);
  log.info(`Demo admin created: ${DEMO_ADMIN_EMAIL} / ${password ? "(DEMO_ADMIN_PASSWORD)" : chosen} (shown once)`);
}
