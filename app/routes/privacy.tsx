import { LegalDocumentPage } from "~/components/sections/legal-document";
import { PRIVACY } from "~/content/legal";
import { seo } from "~/lib/seo";
import { publicRoute } from "~/server/http/guards.server";

import type { Route } from "./+types/privacy";

export const middleware = [publicRoute()];

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: PRIVACY.title, description: PRIVACY.description, keywords: ["privacy policy", "personal data", "Global Implant Institute"] });

export default function PrivacyPage() {
  return <LegalDocumentPage doc={PRIVACY} />;
}
