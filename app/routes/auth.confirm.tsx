import { redirect } from "react-router";

import { AskFirstPage } from "~/components/sections/email-link-page";
import { AccountConfirmationSchema } from "~/lib/schemas/auth";
import { seo } from "~/lib/seo";
import { confirmAccount, LINK_INVALID_PAGE } from "~/server/auth/credentials.server";
import { pendingSignUpAddress } from "~/server/auth/pending-sign-ups.server";
import { publicRoute } from "~/server/http/guards.server";
import { readFormData } from "~/server/http/responses.server";
import { appServices, requestInfoContext } from "~/server/platform/context.server";

import type { Route } from "./+types/auth.confirm";

export const middleware = [publicRoute()];

/** The emailed confirmation link: it names the address it confirms, and a link that no longer works leads to the login with a notice. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const link = AccountConfirmationSchema.safeParse({ token: query.get("token"), signup: query.get("signup") });
  const email = link.success ? await pendingSignUpAddress(appServices(context).database.db, link.data) : null;
  if (!link.success || !email) throw redirect(LINK_INVALID_PAGE);
  return { link: link.data, email };
}

/** Confirms and signs in on the page's button only (see confirmAccount). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const link = AccountConfirmationSchema.safeParse({ token: form.get("token"), signup: form.get("signup") });
  const { clientIp } = context.get(requestInfoContext);
  const outcome = await confirmAccount(appServices(context), request, clientIp, link.success ? link.data : null);
  const headers = new Headers();
  for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
  throw redirect(outcome.redirectTo, { headers });
}

/** The URL carries the link's secrets: no page or host this page loads from or links to gets them as a referrer. */
export const headers: Route.HeadersFunction = () => ({ "Referrer-Policy": "no-referrer" });

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Confirm Your Email", noIndex: true });

export default function ConfirmAccountPage({ loaderData }: Route.ComponentProps) {
  return (
    <AskFirstPage
      path="/auth/confirm"
      secrets={loaderData.link}
      ask={{
        heading: "Confirm your email address",
        text: (
          <>
            Press the button below to confirm <strong className="font-semibold wrap-break-word text-ink">{loaderData.email}</strong> and log in to its account.
            If this is not your address, close this page.
          </>
        ),
        button: "Confirm and log in",
        busy: "Confirming...",
      }}
    />
  );
}
