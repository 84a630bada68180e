import { LegalDocumentPage } from "~/components/sections/legal-document";
import { TERMS } from "~/content/legal";
import { seo } from "~/lib/seo";
import { publicRoute } from "~/server/http/guards.server";

import type { Route } from "./+types/terms";

export const middleware = [publicRoute()];

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: TERMS.title, description: TERMS.description, keywords: ["terms and conditions", "course booking terms", "Global Implant Institute"] });

export default function TermsPage() {
  return <LegalDocumentPage doc={TERMS} />;
}
