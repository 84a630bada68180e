import { useId } from "react";
import { data, redirect } from "react-router";

import { AskFirstPage, InvalidLinkPage } from "~/components/sections/email-link-page";
import { EmailAddress } from "~/components/ui/email-address";
import { Field, Input } from "~/components/ui/field";
import { AccountConfirmationFormSchema, AccountConfirmationSchema, CONFIRMATION_PASSWORD_WRONG, PASSWORD_MAX_LENGTH } from "~/lib/schemas/auth";
import { firstIssueMessage } from "~/lib/schemas/fields";
import { seo } from "~/lib/seo";
import { confirmAccount, LINK_INVALID_PAGE, VERIFIED_PAGE } from "~/server/auth/credentials.server";
import { pendingSignUpAddress } from "~/server/auth/pending-sign-ups.server";
import { emailLinkPageHeaders } from "~/server/http/email-links.server";
import { currentUser, publicRoute } from "~/server/http/guards.server";
import { readFormData } from "~/server/http/request-bodies.server";
import { appServices, requestInfoContext } from "~/server/platform/context.server";
import { TOO_MANY_REQUESTS_MESSAGE } from "~/server/platform/rate-limit.server";

import type { Route } from "./+types/auth.confirm";

export const middleware = [publicRoute()];

/**
 * The emailed confirmation link: it names the address it confirms. A link that no longer works leads to the
 * login with a notice; a page without its link (reloaded once the address bar dropped it) asks for the email's link again.
 */
export async function loader(args: Route.LoaderArgs) {
  const query = new URL(args.request.url).searchParams;
  if (!query.has("token") && !query.has("signup")) return { link: null, email: null, signedInAs: null };
  const link = AccountConfirmationSchema.safeParse({ token: query.get("token"), signup: query.get("signup") });
  const email = link.success ? await pendingSignUpAddress(appServices(args.context).database.db, link.data) : null;
  if (!link.success || !email) throw redirect(LINK_INVALID_PAGE);
  // Someone signed in to another account is told that confirming moves them to this one (they may have been sent a stranger's link).
  const visitor = await currentUser(args);
  return { link: link.data, email, signedInAs: visitor && visitor.email.toLowerCase() !== email ? visitor.email : null };
}

/**
 * Confirms and signs in on the page's button only, with the password the sign-up chose (see confirmAccount).
 * A refusal carries the link back: the page's address no longer holds it, and without scripts the page is drawn again from this answer.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const entries = { token: form.get("token"), signup: form.get("signup"), password: form.get("password") };
  const link = AccountConfirmationSchema.safeParse(entries);
  if (!link.success) throw redirect(LINK_INVALID_PAGE);
  const services = appServices(context);
  const refused = async (error: string, status: number) =>
    data({ error, link: link.data, email: await pendingSignUpAddress(services.database.db, link.data) }, status);
  const confirmation = AccountConfirmationFormSchema.safeParse(entries);
  if (!confirmation.success) return refused(firstIssueMessage(confirmation.error), 400);
  const { clientIp } = context.get(requestInfoContext);
  const outcome = await confirmAccount(services, request, clientIp, confirmation.data);
  if (outcome.kind === "too-many-requests") return refused(TOO_MANY_REQUESTS_MESSAGE, 429);
  if (outcome.kind === "wrong-password") return refused(CONFIRMATION_PASSWORD_WRONG, 400);
  if (outcome.kind === "link-invalid") throw redirect(LINK_INVALID_PAGE);
  const headers = new Headers();
  for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
  throw redirect(VERIFIED_PAGE, { headers });
}

export const headers: Route.HeadersFunction = emailLinkPageHeaders;

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Confirm Your Email", noIndex: true });

export default function ConfirmAccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const passwordId = useId();
  const link = loaderData.link ?? actionData?.link;
  const email = loaderData.email ?? actionData?.email;
  if (!link || !email) {
    return (
      <InvalidLinkPage
        text="This confirmation link is incomplete. Please open the link in your confirmation email again."
        link={{ to: "/auth?view=sign_in", label: "Go to Login" }}
      />
    );
  }
  return (
    <AskFirstPage
      path="/auth/confirm"
      secrets={link}
      error={actionData?.error}
      ask={{
        heading: "Confirm your email address",
        text: (
          <>
            To confirm{" "}
            <strong className="font-semibold text-ink">
              <EmailAddress address={email} />
            </strong>{" "}
            and log in to its account, enter the password you chose when you signed up. If you did not sign up with this address yourself, close this page.
            {loaderData.signedInAs ? (
              <span className="mt-4 block">
                You are logged in as{" "}
                <strong className="font-semibold text-ink">
                  <EmailAddress address={loaderData.signedInAs} />
                </strong>
                : confirming logs you out of that account.
              </span>
            ) : null}
          </>
        ),
        button: "Confirm and log in",
        busy: "Confirming...",
      }}
      fields={
        <Field label="Password" id={passwordId} required className="mx-auto mb-6 max-w-sm text-left">
          <Input id={passwordId} name="password" type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX_LENGTH} />
        </Field>
      }
    />
  );
}
