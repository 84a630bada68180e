import { data } from "react-router";

import { getMailboxMessage } from "~/server/email/mailbox.server";
import { localDevRoute } from "~/server/http/guards.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/dev.mailbox.$id.attachments.$index";

export const middleware = [localDevRoute()];

/** One attachment of a stored email (a calendar invite, say), downloaded as a mail client would save it. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const message = await getMailboxMessage(appServices(context).database.db, params.id);
  const attachment = message?.attachments[Number(params.index)];
  if (!attachment || !/^\d+$/.test(params.index)) throw data(null, { status: 404 });
  return new Response(attachment.content, {
    headers: {
      "Content-Type": attachment.contentType,
      "Content-Disposition": `attachment; filename="${attachment.filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "no-store",
    },
  });
}
