import { ContactMessageSchema } from "~/lib/schemas/contact";
import { apiRoute } from "~/server/http/guards.server";
import { jsonEndpoint, parseJsonBody } from "~/server/http/responses.server";
import { sendContactMessage } from "~/server/marketing/contact.server";
import { appServices, requestInfoContext } from "~/server/platform/context.server";
import { limitFormSubmissions } from "~/server/platform/rate-limit.server";

import type { Route } from "./+types/api.v2.send-contact-email";

export const middleware = [apiRoute()];

export function action({ request, context }: Route.ActionArgs) {
  const { env, database } = appServices(context);
  return jsonEndpoint("Contact message", async () => {
    const message = await parseJsonBody(request, ContactMessageSchema);
    await limitFormSubmissions(database.db, "contact", context.get(requestInfoContext).clientIp, env.formRateLimit);
    return sendContactMessage(database.db, message, { staffEmail: env.mail.staffEmail });
  });
}
