import { Form, Link, useNavigation } from "react-router";

import { Button } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import { useTokenOutOfAddressBar } from "~/lib/use-token-out-of-address-bar";
import { publicRoute } from "~/server/http/guards.server";
import { readFormData } from "~/server/http/responses.server";
import { unsubscribeFromNewsletter } from "~/server/marketing/newsletter.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/newsletter.unsubscribe";

/** Anyone, including mail clients posting one-click unsubscribes (RFC 8058) from their own servers. */
export const middleware = [publicRoute({ actionsFromAnywhere: true })];

const PATH = "/newsletter/unsubscribe";
const cleanToken = (value: unknown) => (typeof value === "string" ? value.slice(0, 100) : "");
const urlToken = (request: Request) => cleanToken(new URL(request.url).searchParams.get("token"));

/** The page's form posts the token in a hidden field, so the address bar can drop it. */
export function loader({ request }: Route.LoaderArgs) {
  return { token: urlToken(request) };
}

/**
 * Unsubscribes on POST only, so link scanners that follow the GET cannot do it.
 * Mail clients' one-click POST (RFC 8058) carries the token in the URL; the page's
 * form carries it in its body. The token is the proof.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const token = urlToken(request) || cleanToken(form.get("token"));
  const row = token ? await unsubscribeFromNewsletter(appServices(context).database.db, token) : null;
  return { unsubscribed: row !== null };
}

/** The URL carries the token: no page or host this page loads from or links to gets it as a referrer. */
export const headers: Route.HeadersFunction = () => ({ "Referrer-Policy": "no-referrer" });

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Unsubscribe", noIndex: true });

export default function NewsletterUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  useTokenOutOfAddressBar();
  const hasToken = loaderData.token !== "";
  let heading = "Unsubscribe from our emails";
  let text = "Press the button below and we will stop sending you emails about new courses and upcoming events.";
  if (actionData) {
    heading = actionData.unsubscribed ? "You have been unsubscribed" : "This link is not valid";
    text = actionData.unsubscribed
      ? "You will no longer receive our marketing emails. You can subscribe again at any time."
      : "The unsubscribe link is incomplete or no longer valid. Please contact us and we will remove you by hand.";
  } else if (!hasToken) {
    heading = "This link is not valid";
    text = "The unsubscribe link is incomplete. Please use the link in one of our emails, or contact us.";
  }
  const failed = actionData ? !actionData.unsubscribed : !hasToken;
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-4xl font-semibold">{heading}</h1>
      <p className="mt-4 text-ink/80">{text}</p>
      {!actionData && hasToken ? (
        <Form method="post" action={PATH} className="mt-8">
          <input type="hidden" name="token" value={loaderData.token} />
          <Button type="submit" disabled={busy}>
            {busy ? "Unsubscribing..." : "Unsubscribe"}
          </Button>
        </Form>
      ) : (
        <Button asChild className="mt-8">
          <Link to={failed ? "/contact" : "/"}>{failed ? "Contact us" : "Return to Home"}</Link>
        </Button>
      )}
    </div>
  );
}
