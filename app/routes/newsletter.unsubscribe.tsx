import { UnsubscribePage } from "~/components/sections/unsubscribe-page";
import { seo } from "~/lib/seo";
import { publicRoute } from "~/server/http/guards.server";
import { unsubscribeAnswer, unsubscribeLinkToken } from "~/server/http/responses.server";
import { unsubscribeFromNewsletter } from "~/server/marketing/newsletter.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/newsletter.unsubscribe";

/** Anyone, including mail clients posting one-click unsubscribes (RFC 8058) from their own servers. */
export const middleware = [publicRoute({ actionsFromAnywhere: true })];

export function loader({ request }: Route.LoaderArgs) {
  return { token: unsubscribeLinkToken(request) };
}

export function action({ request, context }: Route.ActionArgs) {
  return unsubscribeAnswer(request, (token) => unsubscribeFromNewsletter(appServices(context).database.db, token));
}

/** The URL carries the token: no page or host this page loads from or links to gets it as a referrer. */
export const headers: Route.HeadersFunction = () => ({ "Referrer-Policy": "no-referrer" });

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Unsubscribe", noIndex: true });

export default function NewsletterUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <UnsubscribePage
      path="/newsletter/unsubscribe"
      token={loaderData.token}
      answer={actionData}
      ask={{
        heading: "Unsubscribe from our emails",
        text: "Press the button below and we will stop sending you emails about new courses and upcoming events.",
      }}
      done="You will no longer receive our marketing emails. You can subscribe again at any time."
    />
  );
}
