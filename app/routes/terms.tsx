import { PageHeading } from "~/components/ui/page-heading";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Terms and Conditions" });

export default function TermsPage() {
  return <PageHeading title="Terms and Conditions" />;
}
