import { data } from "react-router";

import { getMailboxMessage } from "~/server/email/mailbox.server";
import { localDevRoute } from "~/server/http/guards.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/dev.mailbox.$id.html";

export const middleware = [localDevRoute()];

/** The stored HTML as its own document, as a mail client would show it (no scripts run: the CSP applies). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { database } = appServices(context);
  const message = await getMailboxMessage(database.db, params.id);
  if (!message) throw data(null, { status: 404 });
  return new Response(message.html, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
