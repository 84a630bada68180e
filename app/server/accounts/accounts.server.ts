import { eq } from "drizzle-orm";

import type { Auth } from "~/server/auth/auth.server";
import type { Database } from "~/server/db/client.server";
import { profiles, users } from "~/server/db/schema.server";

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** The sign-up marketing box, as the institute records it for this account. */
  marketingConsent?: boolean;
  /** False only for an account whose owner has not yet followed a confirmation link. */
  emailVerified?: boolean;
}

/**
 * An account the institute makes itself rather than through the sign-up form
 * (the demo administrator): made through Better Auth's own adapter, so its
 * password is hashed and its profile made as on sign-up, and no verification
 * email goes out. The product-owned flags are written here, by the server.
 */
export async function createAccount(db: Database, auth: Auth, account: NewAccount): Promise<{ id: string; email: string }> {
  const email = account.email.trim().toLowerCase();
  const context = await auth.$context;
  const user = await context.internalAdapter.createUser(
    {
      name: `${account.firstName} ${account.lastName}`,
      email,
      emailVerified: account.emailVerified ?? true,
      firstName: account.firstName,
      lastName: account.lastName,
    },
    { method: "admin" },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await context.password.hash(account.password),
  });
  const marketingConsent = account.marketingConsent ?? false;
  await db.transaction(async (tx) => {
    await tx.update(users).set({ signupMarketingConsent: marketingConsent }).where(eq(users.id, user.id));
    await tx
      .update(profiles)
      .set({ emailPreferences: { eventNotifications: marketingConsent } })
      .where(eq(profiles.id, user.id));
  });
  return { id: user.id, email };
}
