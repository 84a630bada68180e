import { appServices } from "~/server/context.server";
import { listMailbox, requireLocalProviders } from "~/server/email/mailbox.server";
import type { Route } from "./+types/dev.mailbox.messages.json";

/** Stored mail as JSON, newest first: what end-to-end tests read instead of an inbox. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, database } = appServices(context);
  requireLocalProviders(env);
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
      createdAt: message.createdAt.toISOString(),
    })),
    { headers: { "Cache-Control": "no-store" } },
  );
}
