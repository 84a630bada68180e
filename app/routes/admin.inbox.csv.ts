import { recordExport } from "~/server/admin/audit.server";
import { datedCsvName, toCsv } from "~/server/admin/csv.server";
import { adminRoute, signedInUser } from "~/server/http/guards.server";
import { csvResponse } from "~/server/http/responses.server";
import { listContactMessages } from "~/server/marketing/contact.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/admin.inbox.csv";

export const middleware = [adminRoute({ downloadFrom: () => "/admin/inbox" })];

/** Every message, newest first, as staff open it in a spreadsheet. */
export async function loader(args: Route.LoaderArgs) {
  const { db } = appServices(args.context).database;
  const messages = await listContactMessages(db, { limit: Number.MAX_SAFE_INTEGER });
  // A HEAD asks about the file without taking it.
  if (args.request.method === "GET")
    await recordExport(db, await signedInUser(args), { name: "the inbox", rows: messages.length, noun: ["message", "messages"] });
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
