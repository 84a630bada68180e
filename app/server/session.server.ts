import { eq } from "drizzle-orm";
import { redirect, type RouterContextProvider } from "react-router";
import { appServices } from "./context.server";
import { profiles } from "./db/schema.server";
import { errorResponse } from "./http.server";

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  firstName: string | null;
  lastName: string | null;
  createdAt: Date;
  giiSignupDiscountClaimed: boolean;
  signupMarketingConsent: boolean;
}

type Context = Readonly<RouterContextProvider>;

/** The signed-in person from the session cookie or a bearer token, or null. */
export async function getSessionUser(request: Request, context: Context): Promise<SessionUser | null> {
  const { auth } = appServices(context);
  const session = await auth.api.getSession({ headers: request.headers }).catch(() => null);
  if (!session) return null;
  const user = session.user as typeof session.user & Partial<SessionUser>;
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    name: user.name,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    createdAt: new Date(user.createdAt),
    giiSignupDiscountClaimed: Boolean(user.giiSignupDiscountClaimed),
    signupMarketingConsent: Boolean(user.signupMarketingConsent),
  };
}

export async function isAdmin(context: Context, userId: string): Promise<boolean> {
  const { database } = appServices(context);
  const [row] = await database.db.select({ isAdmin: profiles.isAdmin }).from(profiles).where(eq(profiles.id, userId));
  return row?.isAdmin ?? false;
}

/** Pages for signed-in people: anyone else goes to /auth, told why. */
export async function requireUser(request: Request, context: Context): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (!user) throw redirect("/auth?notice=login-required");
  return user;
}

/** Spec 4 admin guard, on the server: anonymous → /auth, signed in but not admin → /account. */
export async function requireAdmin(request: Request, context: Context): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (!(await isAdmin(context, user.id))) throw redirect("/account");
  return user;
}

/** JSON endpoints for signed-in people answer 401 rather than redirecting. */
export async function requireApiUser(request: Request, context: Context, message = "You must be logged in."): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (!user) throw errorResponse(401, message);
  return user;
}

/** Admin-only JSON endpoints: 401 without a session, 403 without the right. */
export async function requireApiAdmin(request: Request, context: Context): Promise<SessionUser> {
  const user = await requireApiUser(request, context);
  if (!(await isAdmin(context, user.id))) throw errorResponse(403, "Administrator access is required.");
  return user;
}
