import { PageHeading } from "~/components/ui/page-heading";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Contact Us" });

export default function ContactPage() {
  return <PageHeading title="Contact Us" />;
}
