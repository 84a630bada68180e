import { recordExport } from "~/server/admin/audit.server";
import { datedCsvName, toCsv } from "~/server/admin/csv.server";
import { confirmedSubscribers } from "~/server/admin/lists.server";
import { adminRoute, signedInUser } from "~/server/http/guards.server";
import { csvResponse } from "~/server/http/responses.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/admin.subscribers.csv";

export const middleware = [adminRoute({ downloadFrom: () => "/admin/subscribers" })];

/** The confirmed newsletter subscribers, as the page lists them. */
export async function loader(args: Route.LoaderArgs) {
  const { db } = appServices(args.context).database;
  const subscribers = await confirmedSubscribers(db);
  // A HEAD asks about the file without taking it.
  if (args.request.method === "GET")
    await recordExport(db, await signedInUser(args), { name: "the newsletter subscribers", rows: subscribers.length, noun: ["subscriber", "subscribers"] });
  const csv = toCsv(
    [
      { header: "Name", value: (subscriber) => subscriber.name },
      { header: "Email", value: (subscriber) => subscriber.email },
      { header: "Confirmed", value: (subscriber) => subscriber.confirmedAt },
    ],
    subscribers,
  );
  return csvResponse(csv, datedCsvName("subscribers"));
}
