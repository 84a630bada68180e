import { data, redirect } from "react-router";
import { AuthPanel } from "~/components/sections/auth/auth-panel";
import { ForgotPasswordSchema, LoginSchema, SignUpSchema } from "~/lib/schemas/auth";
import { firstIssueMessage } from "~/lib/schemas/fields";
import { seo } from "~/lib/seo";
import { requestPasswordReset, signIn, signUp, type AuthOutcome } from "~/server/accounts.server";
import { appServices, requestInfoContext } from "~/server/context.server";
import { requireSameOrigin } from "~/server/http.server";
import { consumeRateLimit, FORM_WINDOW_MS, TOO_MANY_REQUESTS_MESSAGE } from "~/server/rate-limit.server";
import { getSessionUser } from "~/server/session.server";
import { log } from "~/server/log.server";
import type { Route } from "./+types/auth";

export async function loader({ request, context }: Route.LoaderArgs) {
  // Someone already signed in has nothing to do here.
  if (await getSessionUser(request, context)) throw redirect("/account");
  const url = new URL(request.url);
  return {
    view: url.searchParams.get("view") === "sign_up" ? ("sign_up" as const) : ("sign_in" as const),
    notice: url.searchParams.get("notice") === "login-required" ? "Please log in to view your account." : undefined,
  };
}

const failure = (message: string, status = 400) => data<AuthOutcome>({ ok: false, kind: "error", message, cookies: [] }, { status });

/** Spec 8: a failure nobody foresaw is logged and named by its step, never shown raw. */
function unexpected(step: "login" | "sign up", error: unknown): AuthOutcome {
  log.error(`Unexpected ${step} failure`, error);
  return { ok: false, kind: "error", message: `An unexpected error occurred during ${step}.`, cookies: [] };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = appServices(context);
  requireSameOrigin(request, services.env.siteUrl);
  const form = await request.formData();
  const intent = form.get("intent");
  const field = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : undefined);

  const allowed = await consumeRateLimit(services.database.db, `auth:${context.get(requestInfoContext).clientIp}`, {
    limit: services.env.authRateLimit,
    windowMs: FORM_WINDOW_MS,
  });
  if (!allowed) return failure(TOO_MANY_REQUESTS_MESSAGE, 429);

  let outcome: AuthOutcome;
  if (intent === "sign-in") {
    const parsed = LoginSchema.safeParse({ email: field("email"), password: field("password") });
    if (!parsed.success) return failure(firstIssueMessage(parsed.error));
    outcome = await signIn(services, request, parsed.data).catch((error) => unexpected("login", error));
  } else if (intent === "sign-up") {
    const parsed = SignUpSchema.safeParse({
      firstName: field("firstName"),
      lastName: field("lastName"),
      email: field("email"),
      password: field("password"),
      confirmPassword: field("confirmPassword"),
      marketing: form.get("marketing") === "on",
    });
    if (!parsed.success) return failure(firstIssueMessage(parsed.error));
    outcome = await signUp(services, request, parsed.data).catch((error) => unexpected("sign up", error));
  } else if (intent === "forgot-password") {
    const parsed = ForgotPasswordSchema.safeParse({ email: field("email") });
    if (!parsed.success) return failure(firstIssueMessage(parsed.error));
    outcome = await requestPasswordReset(services, request, parsed.data.email);
  } else {
    return failure("Unknown request.");
  }
  const headers = new Headers();
  for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
  return data({ ...outcome, cookies: [] }, { status: outcome.ok ? 200 : 400, headers });
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Login or Create an Account",
    description: "Log in to your Global Implant Institute account, or create one and get £100 off your first course.",
    noIndex: true,
  });

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  return <AuthPanel initialView={loaderData.view} notice={loaderData.notice} />;
}
