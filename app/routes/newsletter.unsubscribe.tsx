import { EmailLinkPage } from "~/components/sections/email-link-page";
import { seo } from "~/lib/seo";
import { actOnEmailLink, emailLinkPageHeaders, emailLinkToken } from "~/server/http/email-links.server";
import { publicRoute } from "~/server/http/guards.server";
import { unsubscribeFromNewsletter } from "~/server/marketing/newsletter.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/newsletter.unsubscribe";

/** Anyone, including mail clients posting one-click unsubscribes (RFC 8058) from their own servers. */
export const middleware = [publicRoute({ actionsFromAnywhere: true })];

export function loader({ request }: Route.LoaderArgs) {
  return { token: emailLinkToken(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return { unsubscribed: await actOnEmailLink(request, (token) => unsubscribeFromNewsletter(appServices(context).database.db, token)) };
}

export const headers: Route.HeadersFunction = emailLinkPageHeaders;

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Unsubscribe", noIndex: true });

export default function NewsletterUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <EmailLinkPage
      path="/newsletter/unsubscribe"
      token={loaderData.token}
      outcome={actionData?.unsubscribed}
      ask={{
        heading: "Unsubscribe from our emails",
        text: "Press the button below and we will stop sending you emails about new courses and upcoming events.",
        button: "Unsubscribe",
        busy: "Unsubscribing...",
      }}
      done={{ heading: "You have been unsubscribed", text: "You will no longer receive our marketing emails. You can subscribe again at any time." }}
      invalid={{
        used: "The unsubscribe link is incomplete or no longer valid. Please contact us and we will remove you by hand.",
        incomplete: "The unsubscribe link is incomplete. Please use the link in one of our emails, or contact us.",
        link: { to: "/contact", label: "Contact us" },
      }}
    />
  );
}
