import { PageHeading } from "~/components/ui/page-heading";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Advanced Dental Implant Training in Dubai and London" });

export default function HomePage() {
  return <PageHeading title="Global Implant Institute" intro="Live-patient implantology training for dentists, in small groups, with all-inclusive fees." />;
}
