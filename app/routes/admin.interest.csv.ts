import { recordExport } from "~/server/admin/audit.server";
import { datedCsvName, toCsv } from "~/server/admin/csv.server";
import { interestByCourse } from "~/server/admin/lists.server";
import { adminRoute, signedInUser } from "~/server/http/guards.server";
import { csvResponse } from "~/server/http/responses.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/admin.interest.csv";

export const middleware = [adminRoute({ downloadFrom: () => "/admin/interest" })];

/** One row per course and registration, grouped as the page shows them. */
export async function loader(args: Route.LoaderArgs) {
  const { db } = appServices(args.context).database;
  const groups = await interestByCourse(db);
  const rows = groups.flatMap((group) => group.registrations.map((registration) => ({ course: group.course, ...registration })));
  // A HEAD asks about the file without taking it.
  if (args.request.method === "GET")
    await recordExport(db, await signedInUser(args), { name: "the interest registrations", rows: rows.length, noun: ["registration", "registrations"] });
  const csv = toCsv(
    [
      { header: "Course", value: (row) => row.course },
      { header: "Name", value: (row) => row.name },
      { header: "Email", value: (row) => row.email },
      { header: "Registered", value: (row) => row.registeredAt },
      { header: "Confirmed", value: (row) => row.confirmedAt },
      { header: "Unsubscribed", value: (row) => row.unsubscribedAt },
    ],
    rows,
  );
  return csvResponse(csv, datedCsvName("interest"));
}
