import { PageHeading } from "~/components/ui/page-heading";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/courses.full-arch";

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Full Arch Implant Program" });

export default function CoursesFullArchPage() {
  return <PageHeading title="Full Arch Program" />;
}
