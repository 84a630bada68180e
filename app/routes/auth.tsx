import { PageHeading } from "~/components/ui/page-heading";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Login or Create an Account", noIndex: true });

export default function AuthPage() {
  return <PageHeading title="Welcome" />;
}
