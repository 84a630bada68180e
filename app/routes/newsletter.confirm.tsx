import { type ShouldRevalidateFunction } from "react-router";

import { ButtonLink } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import { useTokenOutOfAddressBar } from "~/lib/use-token-out-of-address-bar";
import { publicRoute } from "~/server/http/guards.server";
import { confirmNewsletterSubscription } from "~/server/marketing/newsletter.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/newsletter.confirm";

export const middleware = [publicRoute()];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token")?.slice(0, 100) ?? "";
  const confirmed = token ? await confirmNewsletterSubscription(appServices(context).database.db, token) : null;
  return { confirmed: confirmed !== null };
}

/** The URL carries the token: no page or host this page loads from or links to gets it as a referrer. */
export const headers: Route.HeadersFunction = () => ({ "Referrer-Policy": "no-referrer" });

/** The link works once, so running the loader again for the same URL (after a form elsewhere on the page) would say it is not valid. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) => currentUrl.href !== nextUrl.href;

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Newsletter", noIndex: true });

export default function NewsletterConfirmPage({ loaderData }: Route.ComponentProps) {
  useTokenOutOfAddressBar();
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-4xl font-semibold">{loaderData.confirmed ? "Subscription confirmed" : "This link is not valid"}</h1>
      <p className="mt-4 text-ink/80">
        {loaderData.confirmed
          ? "Thank you. You will now hear from us about new courses and upcoming events."
          : "The confirmation link is incomplete or no longer valid. Please subscribe again from our home page."}
      </p>
      <ButtonLink className="mt-8" to="/">
        Return to Home
      </ButtonLink>
    </div>
  );
}
