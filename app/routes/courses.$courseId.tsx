import { PageHeading } from "~/components/ui/page-heading";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/courses.$courseId";

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Course Details" });

export default function CourseDetailPage() {
  return (
    <PageHeading
      title="Course Details"
      intro="This page will show the course description, objectives, instructors, schedule, pricing and a Book Now button."
    />
  );
}
