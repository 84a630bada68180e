import { PageHeading } from "~/components/ui/page-heading";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Privacy Policy" });

export default function PrivacyPage() {
  return <PageHeading title="Privacy Policy" />;
}
