import { listMailbox } from "~/server/email/mailbox.server";
import { localDevRoute } from "~/server/http/guards.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/dev.mailbox.messages.json";

export const middleware = [localDevRoute()];

/** Stored mail as JSON, newest first: what end-to-end tests read instead of an inbox. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = appServices(context);
  const to = new URL(request.url).searchParams.get("to") ?? undefined;
  const messages = await listMailbox(database.db, { to });
  return Response.json(
    messages.map((message) => ({
      id: message.id,
      to: message.toAddress,
      replyTo: message.replyTo,
      subject: message.subject,
      template: message.template,
      status: message.status,
      text: message.text,
      html: message.html,
      headers: message.headers,
      attachments: message.attachments,
      createdAt: message.createdAt.toISOString(),
    })),
    { headers: { "Cache-Control": "no-store" } },
  );
}
