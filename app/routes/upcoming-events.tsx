import { PageHeading } from "~/components/ui/page-heading";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/upcoming-events";

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Upcoming Courses and Events" });

export default function UpcomingEventsPage() {
  return <PageHeading title="Upcoming Courses and Events" />;
}
