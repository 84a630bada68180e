import { PageHeading } from "~/components/ui/page-heading";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/booking-canceled";

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Booking Canceled", noIndex: true });

export default function BookingCanceledPage() {
  return <PageHeading title="Booking Canceled" />;
}
