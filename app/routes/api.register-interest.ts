import { InterestRegistrationSchema } from "~/lib/schemas/interest";
import { apiRoute } from "~/server/http/guards.server";
import { jsonEndpoint, parseJsonBody } from "~/server/http/responses.server";
import { registerInterest } from "~/server/marketing/interest.server";
import { appServices, requestInfoContext } from "~/server/platform/context.server";
import { limitFormSubmissions } from "~/server/platform/rate-limit.server";

import type { Route } from "./+types/api.register-interest";

export const middleware = [apiRoute()];

export function action({ request, context }: Route.ActionArgs) {
  const { env, database } = appServices(context);
  return jsonEndpoint("Interest registration", async () => {
    const registration = await parseJsonBody(request, InterestRegistrationSchema);
    await limitFormSubmissions(database.db, "interest", context.get(requestInfoContext).clientIp, env.formRateLimit);
    return registerInterest(database.db, registration, { staffEmail: env.mail.staffEmail, siteUrl: env.siteUrl });
  });
}
