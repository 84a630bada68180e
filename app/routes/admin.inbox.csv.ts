import { datedCsvName, toCsv } from "~/server/admin/csv.server";
import { adminRoute } from "~/server/http/guards.server";
import { csvResponse } from "~/server/http/responses.server";
import { listContactMessages } from "~/server/marketing/contact.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/admin.inbox.csv";

export const middleware = [adminRoute()];

/** Every message, newest first, as staff open it in a spreadsheet. */
export async function loader({ context }: Route.LoaderArgs) {
  const messages = await listContactMessages(appServices(context).database.db, { limit: Number.MAX_SAFE_INTEGER });
  const csv = toCsv(
    [
      { header: "Received", value: (message) => message.createdAt },
      { header: "Name", value: (message) => message.name },
      { header: "Email", value: (message) => message.email },
      { header: "Subject", value: (message) => message.subject },
      { header: "Message", value: (message) => message.message },
      { header: "Read", value: (message) => message.readAt !== null },
    ],
    messages,
  );
  return csvResponse(csv, datedCsvName("inbox"));
}
