import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import { appServices } from "~/server/context.server";
import { confirmNewsletterSubscription } from "~/server/newsletter.server";
import type { Route } from "./+types/newsletter.confirm";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token")?.slice(0, 100) ?? "";
  const confirmed = token ? await confirmNewsletterSubscription(appServices(context).database.db, token) : null;
  return { confirmed: confirmed !== null };
}

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Newsletter", noIndex: true });

export default function NewsletterConfirmPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-4xl font-semibold">{loaderData.confirmed ? "Subscription confirmed" : "This link is not valid"}</h1>
      <p className="mt-4 text-ink/80">
        {loaderData.confirmed
          ? "Thank you. You will now hear from us about new courses and upcoming events."
          : "The confirmation link is incomplete or no longer valid. Please subscribe again from our home page."}
      </p>
      <Button asChild className="mt-8">
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  );
}
