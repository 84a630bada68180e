import { data } from "react-router";
import { appServices } from "~/server/context.server";
import { getMailboxMessage, requireLocalProviders } from "~/server/email/mailbox.server";
import type { Route } from "./+types/dev.mailbox.$id.html";

/** The stored HTML as its own document, as a mail client would show it (no scripts run: the CSP applies). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { env, database } = appServices(context);
  requireLocalProviders(env);
  const message = await getMailboxMessage(database.db, params.id);
  if (!message) throw data(null, { status: 404 });
  return new Response(message.html, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
