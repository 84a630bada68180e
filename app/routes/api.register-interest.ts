import { InterestRegistrationSchema } from "~/lib/schemas/interest";
import { appServices, requestInfoContext } from "~/server/context.server";
import { errorResponse, jsonEndpoint, parseJsonBody, requireSameOrigin } from "~/server/http.server";
import { registerInterest } from "~/server/interest.server";
import { limitFormSubmissions } from "~/server/rate-limit.server";
import type { Route } from "./+types/api.register-interest";

export function loader() {
  return errorResponse(405, "Method not allowed.");
}

export function action({ request, context }: Route.ActionArgs) {
  const { env, database } = appServices(context);
  return jsonEndpoint("Interest registration", async () => {
    requireSameOrigin(request, env.siteUrl);
    const registration = await parseJsonBody(request, InterestRegistrationSchema);
    await limitFormSubmissions(database.db, "interest", context.get(requestInfoContext).clientIp, env.formRateLimit);
    return registerInterest(database.db, registration, { staffEmail: env.mail.staffEmail });
  });
}
