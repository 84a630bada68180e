import { EmailLinkPage } from "~/components/sections/email-link-page";
import { seo } from "~/lib/seo";
import { actOnEmailLink, emailLinkPageHeaders, emailLinkToken } from "~/server/http/email-links.server";
import { publicRoute } from "~/server/http/guards.server";
import { unsubscribeFromInterest } from "~/server/marketing/announcements.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/interest.unsubscribe";

/** The new-date emails' unsubscribe: anyone, including mail clients posting one-click unsubscribes (RFC 8058) from their own servers. */
export const middleware = [publicRoute({ actionsFromAnywhere: true })];

export function loader({ request }: Route.LoaderArgs) {
  return { token: emailLinkToken(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return { unsubscribed: await actOnEmailLink(request, (token) => unsubscribeFromInterest(appServices(context).database.db, token)) };
}

export const headers: Route.HeadersFunction = emailLinkPageHeaders;

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Unsubscribe", noIndex: true });

export default function InterestUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <EmailLinkPage
      path="/interest/unsubscribe"
      token={loaderData.token}
      outcome={actionData?.unsubscribed}
      ask={{
        heading: "Stop new-date emails",
        text: "You registered interest in our courses. Press the button below and we will stop emailing you when new dates are scheduled.",
        button: "Unsubscribe",
        busy: "Unsubscribing...",
      }}
      done={{
        heading: "You have been unsubscribed",
        text: "You will no longer receive emails about new dates. You can register your interest again at any time.",
      }}
      invalid={{
        used: "The unsubscribe link is incomplete or no longer valid. Please contact us and we will remove you by hand.",
        incomplete: "The unsubscribe link is incomplete. Please use the link in one of our emails, or contact us.",
        link: { to: "/contact", label: "Contact us" },
      }}
    />
  );
}
