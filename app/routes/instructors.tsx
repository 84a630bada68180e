import { PageHeading } from "~/components/ui/page-heading";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/instructors";

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Our Instructors" });

export default function InstructorsPage() {
  return <PageHeading title="Our Instructors" />;
}
