import { PageHeading } from "~/components/ui/page-heading";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = (args) => seo(args, { title: "My Account", noIndex: true });

export default function AccountPage() {
  return <PageHeading title="My Account" />;
}
