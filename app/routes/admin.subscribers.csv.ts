import { datedCsvName, toCsv } from "~/server/admin/csv.server";
import { confirmedSubscribers } from "~/server/admin/lists.server";
import { adminRoute } from "~/server/http/guards.server";
import { csvResponse } from "~/server/http/responses.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/admin.subscribers.csv";

export const middleware = [adminRoute()];

/** The confirmed newsletter subscribers, as the page lists them. */
export async function loader({ context }: Route.LoaderArgs) {
  const subscribers = await confirmedSubscribers(appServices(context).database.db);
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
