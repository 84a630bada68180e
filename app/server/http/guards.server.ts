import { createContext, data, type MiddlewareFunction, type Params, redirect, type RouterContextProvider } from "react-router";

import { ADMIN_LOGIN_REQUIRED_PATH, LOGIN_REQUIRED_PATH, loginPathFor } from "~/lib/pages";
import { getSessionUser, isAdmin, type SessionUser } from "~/server/auth/session.server";
import { appServices, requestInfoContext } from "~/server/platform/context.server";

import { isPagelessAnonymousCall, ownOrigins, requireSameOrigin } from "./origins.server";
import { errorResponse } from "./responses.server";

/*
 * Route guards: every route module exports `middleware` holding exactly one of
 * these, so its loader and action never run unguarded (tests/unit/route-guards
 * walks app/routes.ts to prove it). Each guard also checks that a page's form
 * posts come from our own pages; API guards check the method too.
 */

export type GuardKind = "public" | "anonymous" | "signed-in" | "admin" | "local-dev" | "api" | "webhook";

const GUARD_KIND = Symbol.for("gii.route-guard");

export type RouteGuard = MiddlewareFunction<Response> & { readonly [GUARD_KIND]: GuardKind };

function guard(kind: GuardKind, run: MiddlewareFunction<Response>): RouteGuard {
  return Object.assign(run, { [GUARD_KIND]: kind });
}

/** Which guard a middleware function is, if it is one. */
export function guardKindOf(middleware: unknown): GuardKind | undefined {
  return typeof middleware === "function" ? (middleware as Partial<RouteGuard>)[GUARD_KIND] : undefined;
}

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The person signed in for this request, read once and shared by the guards and loaders that ask. */
const sessionUserContext = createContext<Promise<SessionUser | null> | null>(null);

export function currentUser({ request, context }: Args): Promise<SessionUser | null> {
  let user = context.get(sessionUserContext);
  if (!user) {
    const { auth, database } = appServices(context);
    user = getSessionUser(auth, request, () => database.ping());
    (context as RouterContextProvider).set(sessionUserContext, user);
  }
  return user;
}

/** The signed-in person of a route whose guard requires one (signed-in, admin, or an API guard with `user: "required"`). */
export async function signedInUser(args: Args): Promise<SessionUser> {
  const user = await currentUser(args);
  if (!user) throw new Error("signedInUser() on a route whose guard does not require a signed-in person");
  return user;
}

const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

/** The login for a visitor who must sign in: a page read names itself to come back to; a form's post starts at the login. */
const loginFor = (request: Request, login: string) => (isRead(request) ? loginPathFor(new URL(request.url).pathname, login) : login);

/** A page's own forms: state changes come from our pages (design.md 7). */
function checkPageAction({ request, context }: Args) {
  if (!isRead(request)) requireSameOrigin(request, appServices(context).env.siteUrl);
}

/**
 * Anyone may see it. `actionsFromAnywhere` is for the few posts that other
 * sites legitimately send: mail clients' one-click unsubscribe (RFC 8058) and
 * the auth library's endpoints (which check origins and bearer tokens themselves).
 */
export function publicRoute({ actionsFromAnywhere = false }: { actionsFromAnywhere?: boolean } = {}): RouteGuard {
  return guard("public", async (args, next) => {
    if (!actionsFromAnywhere) checkPageAction(args);
    return next();
  });
}

/** For people who are not signed in (login and sign-up): someone signed in goes to their account. */
export function anonymousRoute(): RouteGuard {
  return guard("anonymous", async (args, next) => {
    checkPageAction(args);
    if (isRead(args.request) && (await currentUser(args))) throw redirect("/account");
    return next();
  });
}

/**
 * Spec 4, for a signed-in person: anyone else is sent to /auth, told why. With
 * `signedOutActions: "answer"`, a form posted after the session ended reaches
 * the action, which answers in the form's own words (spec 5's messages).
 */
export function signedInRoute({ signedOutActions = "redirect" }: { signedOutActions?: "redirect" | "answer" } = {}): RouteGuard {
  return guard("signed-in", async (args, next) => {
    checkPageAction(args);
    if (!(await currentUser(args)) && (isRead(args.request) || signedOutActions === "redirect")) {
      throw redirect(loginFor(args.request, LOGIN_REQUIRED_PATH));
    }
    return next();
  });
}

/** A GET another site started: a link or a script there, not our own pages, nor an address typed or bookmarked. */
function fromAnotherSite({ request, context }: Args): boolean {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite) return fetchSite !== "same-origin" && fetchSite !== "none";
  // A browser too old to say: the page it came from does.
  const referer = URL.parse(request.headers.get("referer") ?? "");
  return referer !== null && !ownOrigins(new URL(request.url).origin, appServices(context).env.siteUrl).includes(referer.origin);
}

/**
 * Spec 4 admin guard, on the server: anonymous → /auth, signed in but not an administrator → /account.
 * `downloadFrom`: the route is a file of personal data from that page. The session cookie goes with a link
 * followed from another site, which would put the file in the admin's downloads and an export in the audit
 * log that no one chose: such a request is sent to the page, where the admin can take the file.
 */
export function adminRoute({ downloadFrom }: { downloadFrom?: (params: Params) => string } = {}): RouteGuard {
  return guard("admin", async (args, next) => {
    checkPageAction(args);
    const user = await currentUser(args);
    if (!user) throw redirect(loginFor(args.request, ADMIN_LOGIN_REQUIRED_PATH));
    if (!(await isAdmin(appServices(args.context).database.db, user.id))) throw redirect("/account");
    if (downloadFrom && fromAnotherSite(args)) throw redirect(downloadFrom(args.params));
    return next();
  });
}

/**
 * The built-in providers under /dev (design.md 3): only while local providers
 * are on, and only for a request from this machine; to anyone else, not found.
 */
export function localDevRoute(): RouteGuard {
  return guard("local-dev", async ({ context }, next) => {
    if (!appServices(context).env.localProviders || !context.get(requestInfoContext).isLocalRequest) throw data(null, { status: 404 });
    return next();
  });
}

/** An API call whose bearer token names no session: expired, signed out or made up. */
export const INVALID_TOKEN_MESSAGE = "Your session has expired or is not valid. Please log in again.";

export interface ApiOptions {
  /** The methods the endpoint answers; any other gets 405 with Allow. */
  methods?: readonly ("GET" | "POST")[];
  /** Whether a signed-in person is needed (401 `{error}` otherwise), and whether an administrator (403). */
  user?: "none" | "required" | "admin";
  /** The 401 message, where the spec gives one. */
  signedOutMessage?: string;
}

/**
 * A JSON endpoint: its methods, same-site posts (unless a bearer token is sent,
 * or the call comes from no page and carries no cookie) and who may call it.
 */
export function apiRoute({ methods = ["POST"], user = "none", signedOutMessage = "You must be logged in." }: ApiOptions = {}): RouteGuard {
  return guard("api", async (args, next) => {
    const { request, context } = args;
    const method = request.method === "HEAD" ? "GET" : request.method;
    if (!(methods as readonly string[]).includes(method)) {
      return Response.json({ error: "Method not allowed." }, { status: 405, headers: { Allow: methods.join(", "), "Cache-Control": "no-store" } });
    }
    if (!isRead(request) && !isPagelessAnonymousCall(request)) requireSameOrigin(request, appServices(context).env.siteUrl);
    if (user !== "none") {
      const person = await currentUser(args);
      if (!person) throw errorResponse(401, signedOutMessage);
      if (user === "admin" && !(await isAdmin(appServices(context).database.db, person.id))) throw errorResponse(403, "Administrator access is required.");
    } else if (request.headers.has("authorization") && !(await currentUser(args))) {
      // A caller that sends a token means to act as someone: one that names no session is refused, not served as a
      // guest (a checkout would go ahead at a guest's price, without the buyer's discount).
      throw errorResponse(401, INVALID_TOKEN_MESSAGE);
    }
    return next();
  });
}

/**
 * The payment provider's events (Stripe's, and the built-in checkout's): sent
 * by no page of ours, so neither an origin nor a session is asked for. The
 * signature on the raw body is the proof, and the receiver checks it.
 */
export function webhookRoute(): RouteGuard {
  return guard("webhook", async ({ request }, next) => {
    if (request.method !== "POST") {
      return Response.json({ error: "Method not allowed." }, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
    }
    return next();
  });
}
