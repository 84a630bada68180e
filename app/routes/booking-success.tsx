import { PageHeading } from "~/components/ui/page-heading";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/booking-success";

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Booking Confirmed", noIndex: true });

export default function BookingSuccessPage() {
  return <PageHeading title="Booking Confirmed!" />;
}
