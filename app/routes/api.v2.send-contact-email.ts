import { ContactMessageSchema } from "~/lib/schemas/contact";
import { sendContactMessage } from "~/server/contact.server";
import { appServices, requestInfoContext } from "~/server/context.server";
import { errorResponse, jsonEndpoint, parseJsonBody, requireSameOrigin } from "~/server/http.server";
import { limitFormSubmissions } from "~/server/rate-limit.server";
import type { Route } from "./+types/api.v2.send-contact-email";

export function loader() {
  return errorResponse(405, "Method not allowed.");
}

export function action({ request, context }: Route.ActionArgs) {
  const { env, database } = appServices(context);
  return jsonEndpoint("Contact message", async () => {
    requireSameOrigin(request, env.siteUrl);
    const message = await parseJsonBody(request, ContactMessageSchema);
    await limitFormSubmissions(database.db, "contact", context.get(requestInfoContext).clientIp, env.formRateLimit);
    return sendContactMessage(database.db, message, { staffEmail: env.mail.staffEmail });
  });
}
