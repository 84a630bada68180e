import { data, redirect } from "react-router";

import { type AuthIntent, type AuthPageAnswer, AuthPanel } from "~/components/sections/auth/auth-panel";
import { unlessConnectionLost } from "~/lib/connection-lost";
import { textOf } from "~/lib/form-data";
import { returnPath } from "~/lib/pages";
import { ForgotPasswordSchema, LoginSchema, SignUpSchema } from "~/lib/schemas/auth";
import { firstIssueMessage } from "~/lib/schemas/fields";
import { seo } from "~/lib/seo";
import { type AuthOutcome, requestPasswordReset, signIn, signUp } from "~/server/auth/credentials.server";
import { anonymousRoute } from "~/server/http/guards.server";
import { isPagePost, readFormData } from "~/server/http/request-bodies.server";
import { appServices, requestInfoContext } from "~/server/platform/context.server";
import { log } from "~/server/platform/log.server";

import type { Route } from "./+types/auth";

/** Why someone was sent here: shown above the form. */
const NOTICES = {
  "login-required": "Please log in to view your account.",
  "admin-login-required": "Please log in to view the admin dashboard.",
  "link-invalid": "This confirmation link is no longer valid. If you have confirmed your email, please log in; otherwise sign up again for a new link.",
  // Where a new password chosen without scripts leads (auth.reset-password.tsx); with scripts a toast says it.
  "password-updated": "Password updated successfully!",
  // Where the header's Logout leads when the browser posts it itself; with scripts a toast says it.
  "logged-out": "You have been logged out.",
} as const;

const noticeFor = (key: string | null) => (key && Object.hasOwn(NOTICES, key) ? NOTICES[key as keyof typeof NOTICES] : undefined);

/** Someone already signed in has nothing to do here: the guard sends them to their account. */
export const middleware = [anonymousRoute()];

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    view: url.searchParams.get("view") === "sign_up" ? ("sign_up" as const) : ("sign_in" as const),
    notice: noticeFor(url.searchParams.get("notice")),
    // Without scripts the 'Forgot password?' button cannot open its form: a link to ?forgot opens it.
    forgotOpen: url.searchParams.has("forgot"),
    returnTo: returnPath(url.searchParams.get("next")),
  };
}

const refusal = (message: string, status = 400): AuthOutcome => ({ ok: false, kind: "error", message, cookies: [], status });

/** Spec 8: a failure nobody foresaw is logged and named by its step, never shown raw. */
const UNEXPECTED_MESSAGES = {
  login: "An unexpected error occurred during login.",
  "sign up": "An unexpected error occurred during sign up.",
} as const;

function unexpected(step: keyof typeof UNEXPECTED_MESSAGES, error: unknown): AuthOutcome {
  log.error(`Unexpected ${step} failure`, error);
  return { ok: false, kind: "error", message: UNEXPECTED_MESSAGES[step], cookies: [] };
}

async function submit({ request, context }: Route.ActionArgs, form: FormData): Promise<AuthOutcome> {
  const services = appServices(context);
  const intent = form.get("intent");

  const { clientIp } = context.get(requestInfoContext);

  if (intent === "sign-in") {
    const parsed = LoginSchema.safeParse({ email: textOf(form, "email"), password: textOf(form, "password") });
    if (!parsed.success) return refusal(firstIssueMessage(parsed.error));
    // Back to the page that asked for a login (an emailed receipt, a back-office page), if it is one of ours; else /account.
    const returnTo = returnPath(form.get("next"));
    return signIn(services, request, clientIp, parsed.data).then(
      (outcome) => (outcome.ok && outcome.redirectTo && returnTo ? { ...outcome, redirectTo: returnTo } : outcome),
      (error: unknown) => unexpected("login", error),
    );
  }
  if (intent === "sign-up") {
    const parsed = SignUpSchema.safeParse({
      firstName: textOf(form, "firstName"),
      lastName: textOf(form, "lastName"),
      email: textOf(form, "email"),
      password: textOf(form, "password"),
      confirmPassword: textOf(form, "confirmPassword"),
      marketing: form.get("marketing") === "on",
    });
    if (!parsed.success) return refusal(firstIssueMessage(parsed.error));
    return signUp(services, request, clientIp, parsed.data).catch((error) => unexpected("sign up", error));
  }
  if (intent === "forgot-password") {
    const parsed = ForgotPasswordSchema.safeParse({ email: textOf(form, "email") });
    if (!parsed.success) return refusal(firstIssueMessage(parsed.error));
    return requestPasswordReset(services, request, clientIp, parsed.data.email);
  }
  return refusal("Unknown request.");
}

const isAuthIntent = (intent: unknown): intent is AuthIntent => intent === "sign-in" || intent === "sign-up" || intent === "forgot-password";

/** What a refused form had typed, for the page drawn again: never a password. */
function typedIn(intent: AuthIntent, form: FormData): NonNullable<AuthPageAnswer["typed"]> {
  if (intent !== "sign-up") return { email: textOf(form, "email") };
  return { email: textOf(form, "email"), firstName: textOf(form, "firstName"), lastName: textOf(form, "lastName"), marketing: form.get("marketing") === "on" };
}

export async function action(args: Route.ActionArgs) {
  const form = await readFormData(args.request);
  const intent = form.get("intent");
  const outcome = await submit(args, form);
  const headers = new Headers();
  for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
  const { status: refusedStatus = 400, ...answer } = outcome;
  const status = outcome.ok ? 200 : refusedStatus;
  if (isPagePost(args.request) && isAuthIntent(intent)) {
    // Nothing on the page would follow redirectTo: the browser is sent there, with the cookies a script's login gets.
    if (outcome.ok && outcome.redirectTo) return redirect(outcome.redirectTo, { status: 303, headers });
    const { ok, kind, message } = outcome;
    return data<AuthPageAnswer>({ ok, kind, message, intent, ...(ok ? {} : { typed: typedIn(intent, form) }) }, { status, headers });
  }
  return data<AuthOutcome>({ ...answer, cookies: [] }, { status, headers });
}

/** Spec 8: a login or sign-up whose request is lost reads as the step's unexpected failure. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  const message = intent === "sign-in" ? UNEXPECTED_MESSAGES.login : intent === "sign-up" ? UNEXPECTED_MESSAGES["sign up"] : "An unexpected error occurred.";
  return unlessConnectionLost(serverAction, (): AuthOutcome => ({ ok: false, kind: "error", message, cookies: [] }));
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Login or Create an Account",
    description: "Log in to your Global Implant Institute account, or create one and get £100 off your first course.",
    noIndex: true,
  });

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  // Only a form posted without scripts leaves its answer here: a script's post answers its own fetcher.
  const answer = actionData && "intent" in actionData ? actionData : undefined;
  return (
    <AuthPanel initialView={loaderData.view} notice={loaderData.notice} forgotOpen={loaderData.forgotOpen} answer={answer} returnTo={loaderData.returnTo} />
  );
}
