import { PageHeading } from "~/components/ui/page-heading";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/booking";

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Book a Course" });

export default function BookingPage() {
  return <PageHeading title="Book a Course" />;
}
