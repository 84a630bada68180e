import { PageHeading } from "~/components/ui/page-heading";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/courses.grafting";

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Grafting Techniques" });

export default function CoursesGraftingPage() {
  return <PageHeading title="Grafting Techniques" />;
}
