import { PageHeading } from "~/components/ui/page-heading";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/courses";

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Courses" });

export default function CoursesPage() {
  return <PageHeading title="Our Courses" />;
}
