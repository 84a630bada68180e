import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Auth } from "./auth.server";
import type { Database } from "./db/client.server";
import { profiles, users } from "./db/schema.server";
import { log } from "./log.server";

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
  // Made already verified through Better Auth's own adapter, so no verification email goes to it.
  const context = await auth.$context;
  const user = await context.internalAdapter.createUser(
    { name: "Institute Staff", email: DEMO_ADMIN_EMAIL, emailVerified: true, firstName: "Institute", lastName: "Staff" },
    { method: "admin" },
  );
  await context.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: await context.password.hash(chosen) });
  await grantAdmin(db, DEMO_ADMIN_EMAIL);
  log.info(`Demo admin created: ${DEMO_ADMIN_EMAIL} / ${password ? "(DEMO_ADMIN_PASSWORD)" : chosen} (shown once)`);
}
