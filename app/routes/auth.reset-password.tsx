import { type FormEvent, useEffect, useId, useState } from "react";
import { data, redirect, useFetcher, useNavigate } from "react-router";

import { Button, ButtonLink } from "~/components/ui/button";
import { Field, FormError, Input } from "~/components/ui/field";
import { unlessConnectionLost } from "~/lib/connection-lost";
import { NewPasswordSchema, passwordSaveError } from "~/lib/schemas/auth";
import { firstIssueMessage } from "~/lib/schemas/fields";
import { seo } from "~/lib/seo";
import { toast } from "~/lib/toast";
import { useTokenOutOfAddressBar } from "~/lib/use-token-out-of-address-bar";
import { resetPassword } from "~/server/auth/credentials.server";
import { emailLinkPageHeaders } from "~/server/http/email-links.server";
import { publicRoute } from "~/server/http/guards.server";
import { isPagePost, readFormData } from "~/server/http/request-bodies.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/auth.reset-password";

export const middleware = [publicRoute()];

/** The login, saying 'Password updated successfully!' (auth.tsx's notice). */
/** One toast for the form's latest answer: a new one takes the place of the last. */
const ANSWER_TOAST = "new-password-answer";
const PASSWORD_UPDATED_LOGIN = "/auth?view=sign_in&notice=password-updated";

/** Better Auth sends the person here from the emailed link with ?token=… (or ?error=INVALID_TOKEN). */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token")?.slice(0, 200) ?? "";
  return { token, invalid: !token || url.searchParams.has("error") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = appServices(context);
  const form = await readFormData(request);
  const parsed = NewPasswordSchema.safeParse({ newPassword: form.get("newPassword"), confirmPassword: form.get("confirmPassword") });
  if (!parsed.success) return data({ ok: false, message: firstIssueMessage(parsed.error), redirectTo: undefined }, 400);
  const token = form.get("token");
  const outcome = await resetPassword(services, request, { token: typeof token === "string" ? token : "", newPassword: parsed.data.newPassword });
  // Without scripts no toast says it: the login page does (its notice), and a refusal is drawn on this page from the answer.
  if (outcome.ok && isPagePost(request)) return redirect(PASSWORD_UPDATED_LOGIN, 303);
  return data({ ok: outcome.ok, message: outcome.message, redirectTo: outcome.redirectTo }, outcome.ok ? 200 : 400);
}

/** Spec 8: a new password whose request is lost fails as a password change does, with the browser's reason. */
export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return unlessConnectionLost(serverAction, (reason) => ({ ok: false, message: passwordSaveError(reason), redirectTo: undefined }));
}

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Choose a New Password", noIndex: true });

export const headers: Route.HeadersFunction = emailLinkPageHeaders;

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const id = useId();
  const fetcher = useFetcher<typeof action>();
  const navigate = useNavigate();
  const [clientError, setClientError] = useState<string>();
  const busy = fetcher.state !== "idle";
  useTokenOutOfAddressBar();

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      toast.success(fetcher.data.message, { id: ANSWER_TOAST });
      if (fetcher.data.redirectTo) void navigate(fetcher.data.redirectTo);
    } else toast.error(fetcher.data.message, { id: ANSWER_TOAST });
  }, [fetcher.state, fetcher.data, navigate]);
  // A script's post answers its fetcher; a post without scripts, the page (actionData).
  const answer = fetcher.data ?? actionData;
  const serverError = fetcher.state === "idle" && answer && !answer.ok ? answer.message : undefined;
  const error = clientError ?? serverError;

  function submit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const parsed = NewPasswordSchema.safeParse({ newPassword: form.get("newPassword"), confirmPassword: form.get("confirmPassword") });
    if (!parsed.success) {
      event.preventDefault();
      setClientError(firstIssueMessage(parsed.error));
      toast.error(firstIssueMessage(parsed.error), { id: ANSWER_TOAST });
    } else setClientError(undefined);
  }

  return (
    <div className="mx-auto max-w-lg px-4 py-16 sm:py-24">
      <h1 className="text-3xl font-semibold">Choose a new password</h1>
      {loaderData.invalid ? (
        <div className="mt-6 grid gap-4">
          <p className="text-ink/80">This reset link is invalid or has expired. Please ask for a new one.</p>
          <ButtonLink className="justify-self-start" to="/auth?view=sign_in">
            Back to login
          </ButtonLink>
        </div>
      ) : (
        <fetcher.Form method="post" noValidate onSubmit={submit} aria-label="Choose a new password" className="mt-8 grid gap-4">
          <input type="hidden" name="token" value={loaderData.token} />
          <Field label="New Password" id={`${id}-new`} required hint="Minimum 6 characters.">
            <Input id={`${id}-new`} name="newPassword" type="password" autoComplete="new-password" required disabled={busy} />
          </Field>
          <Field label="Confirm New Password" id={`${id}-confirm`} required>
            <Input id={`${id}-confirm`} name="confirmPassword" type="password" autoComplete="new-password" required disabled={busy} />
          </Field>
          <FormError>{error}</FormError>
          <Button type="submit" size="lg" disabled={busy} className="justify-self-start">
            {busy ? "Updating..." : "Update Password"}
          </Button>
        </fetcher.Form>
      )}
    </div>
  );
}
