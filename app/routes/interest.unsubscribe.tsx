import { UnsubscribePage } from "~/components/sections/unsubscribe-page";
import { seo } from "~/lib/seo";
import { publicRoute } from "~/server/http/guards.server";
import { unsubscribeAnswer, unsubscribeLinkToken } from "~/server/http/responses.server";
import { unsubscribeFromInterest } from "~/server/marketing/announcements.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/interest.unsubscribe";

/** The new-date emails' unsubscribe: anyone, including mail clients posting one-click unsubscribes (RFC 8058) from their own servers. */
export const middleware = [publicRoute({ actionsFromAnywhere: true })];

export function loader({ request }: Route.LoaderArgs) {
  return { token: unsubscribeLinkToken(request) };
}

export function action({ request, context }: Route.ActionArgs) {
  return unsubscribeAnswer(request, (token) => unsubscribeFromInterest(appServices(context).database.db, token));
}

/** The URL carries the token: no page or host this page loads from or links to gets it as a referrer. */
export const headers: Route.HeadersFunction = () => ({ "Referrer-Policy": "no-referrer" });

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Unsubscribe", noIndex: true });

export default function InterestUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <UnsubscribePage
      path="/interest/unsubscribe"
      token={loaderData.token}
      answer={actionData}
      ask={{
        heading: "Stop new-date emails",
        text: "You registered interest in our courses. Press the button below and we will stop emailing you when new dates are scheduled.",
      }}
      done="You will no longer receive emails about new dates. You can register your interest again at any time."
    />
  );
}
