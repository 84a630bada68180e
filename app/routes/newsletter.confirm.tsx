import { EmailLinkPage } from "~/components/sections/email-link-page";
import { seo } from "~/lib/seo";
import { actOnEmailLink, emailLinkPageHeaders, emailLinkToken } from "~/server/http/email-links.server";
import { publicRoute } from "~/server/http/guards.server";
import { confirmNewsletterSubscription } from "~/server/marketing/newsletter.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/newsletter.confirm";

export const middleware = [publicRoute()];

export function loader({ request }: Route.LoaderArgs) {
  return { token: emailLinkToken(request) };
}

/** Confirms on the page's button only: a link scanner that opens the email's link confirms nobody (double opt-in, design.md 5). */
export async function action({ request, context }: Route.ActionArgs) {
  return { confirmed: await actOnEmailLink(request, (token) => confirmNewsletterSubscription(appServices(context).database.db, token)) };
}

export const headers: Route.HeadersFunction = emailLinkPageHeaders;

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Newsletter", noIndex: true });

export default function NewsletterConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <EmailLinkPage
      path="/newsletter/confirm"
      token={loaderData.token}
      outcome={actionData?.confirmed}
      ask={{
        heading: "Confirm your subscription",
        text: "Press the button below to confirm that you would like to hear from us about new courses and upcoming events.",
        button: "Confirm subscription",
        busy: "Confirming...",
      }}
      done={{ heading: "Subscription confirmed", text: "Thank you. You will now hear from us about new courses and upcoming events." }}
      invalid={{
        used: "This link has been used already or is no longer valid. If you confirmed your subscription with it, it has done its work and there is nothing more to do; if not, please subscribe again from our home page.",
        link: { to: "/", label: "Return to Home" },
      }}
    />
  );
}
