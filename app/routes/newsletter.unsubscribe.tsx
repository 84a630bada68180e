import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import { appServices } from "~/server/context.server";
import { unsubscribeFromNewsletter } from "~/server/newsletter.server";
import type { Route } from "./+types/newsletter.unsubscribe";

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token")?.slice(0, 100) ?? "";

export function loader({ request }: Route.LoaderArgs) {
  return { hasToken: tokenOf(request) !== "" };
}

/**
 * Unsubscribes on POST only, so link scanners that follow the GET cannot do it;
 * mail clients' one-click POST (RFC 8058) lands here too. The token is the proof.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const token = tokenOf(request);
  const row = token ? await unsubscribeFromNewsletter(appServices(context).database.db, token) : null;
  return { unsubscribed: row !== null };
}

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Unsubscribe", noIndex: true });

export default function NewsletterUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  let heading = "Unsubscribe from our emails";
  let text = "Press the button below and we will stop sending you emails about new courses and upcoming events.";
  if (actionData) {
    heading = actionData.unsubscribed ? "You have been unsubscribed" : "This link is not valid";
    text = actionData.unsubscribed
      ? "You will no longer receive our marketing emails. You can subscribe again at any time."
      : "The unsubscribe link is incomplete or no longer valid. Please contact us and we will remove you by hand.";
  } else if (!loaderData.hasToken) {
    heading = "This link is not valid";
    text = "The unsubscribe link is incomplete. Please use the link in one of our emails, or contact us.";
  }
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-4xl font-semibold">{heading}</h1>
      <p className="mt-4 text-ink/80">{text}</p>
      {!actionData && loaderData.hasToken ? (
        <Form method="post" className="mt-8">
          <Button type="submit" disabled={busy}>
            {busy ? "Unsubscribing..." : "Unsubscribe"}
          </Button>
        </Form>
      ) : (
        <Button asChild className="mt-8">
          <Link to={actionData?.unsubscribed === false || !loaderData.hasToken ? "/contact" : "/"}>
            {actionData?.unsubscribed === false || !loaderData.hasToken ? "Contact us" : "Return to Home"}
          </Link>
        </Button>
      )}
    </div>
  );
}
