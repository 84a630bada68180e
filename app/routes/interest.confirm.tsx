import { EmailLinkPage } from "~/components/sections/email-link-page";
import { seo } from "~/lib/seo";
import { actOnEmailLink, emailLinkPageHeaders, emailLinkToken } from "~/server/http/email-links.server";
import { publicRoute } from "~/server/http/guards.server";
import { confirmInterest } from "~/server/marketing/interest.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/interest.confirm";

export const middleware = [publicRoute()];

export function loader({ request }: Route.LoaderArgs) {
  return { token: emailLinkToken(request) };
}

/** Confirms on the page's button only: a link scanner that opens the email's link confirms nobody. */
export async function action({ request, context }: Route.ActionArgs) {
  return { confirmed: await actOnEmailLink(request, (token) => confirmInterest(appServices(context).database.db, token)) };
}

export const headers: Route.HeadersFunction = emailLinkPageHeaders;

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Course Interest", noIndex: true });

export default function InterestConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <EmailLinkPage
      path="/interest/confirm"
      token={loaderData.token}
      outcome={actionData?.confirmed}
      ask={{
        heading: "Confirm your interest",
        text: "Press the button below to confirm that you would like an email when new dates are scheduled for the courses you chose.",
        button: "Confirm my interest",
        busy: "Confirming...",
      }}
      done={{ heading: "Interest confirmed", text: "Thank you. We will email you when new dates are scheduled for the courses you chose." }}
      invalid={{
        used: "This link has been used already or is no longer valid. If you confirmed your interest with it, it has done its work and there is nothing more to do; if not, please register your interest again from our courses page.",
        link: { to: "/courses#register-interest", label: "Register Your Interest" },
      }}
    />
  );
}
