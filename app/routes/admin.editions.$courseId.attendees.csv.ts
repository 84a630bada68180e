import { discountLabel } from "~/lib/discounts";
import { formatLongDate, minorUnitsAsDecimal } from "~/lib/format";
import { recordExport } from "~/server/admin/audit.server";
import { type CsvColumn, toCsv } from "~/server/admin/csv.server";
import { type AdminBooking, editionBookings, findEditionForAdmin } from "~/server/admin/editions.server";
import { adminRoute, signedInUser } from "~/server/http/guards.server";
import { csvResponse, errorResponse, refusalOf } from "~/server/http/responses.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/admin.editions.$courseId.attendees.csv";

export const middleware = [adminRoute({ downloadFrom: (params) => `/admin/editions/${encodeURIComponent(params.courseId ?? "")}` })];

const COLUMNS: CsvColumn<AdminBooking>[] = [
  { header: "Name", value: (row) => row.name },
  // As the bookings table marks it: a guest's name is the one given at the checkout, and no account is there to reach them by.
  { header: "Booked as", value: (row) => (row.guest ? "Guest, no account yet" : "Account") },
  { header: "Email", value: (row) => row.email },
  { header: "Mobile", value: (row) => row.mobile },
  { header: "Status", value: (row) => row.status },
  { header: "Amount paid (£)", value: (row) => minorUnitsAsDecimal(row.amountPaid) },
  { header: "Discount", value: (row) => discountLabel(row.discountKind, row.amountDiscount) },
  { header: "Purchase date", value: (row) => row.purchaseDate },
];

/** The edition's attendees as a spreadsheet. */
export async function loader(args: Route.LoaderArgs) {
  const { db } = appServices(args.context).database;
  try {
    const edition = await findEditionForAdmin(db, args.params.courseId);
    const bookings = await editionBookings(db, edition.id);
    const name = `the attendees of ${edition.title}${edition.startDate ? ` on ${formatLongDate(edition.startDate)}` : ""}`;
    // A HEAD asks about the file without taking it.
    if (args.request.method === "GET")
      await recordExport(db, await signedInUser(args), { name, subjectId: edition.id, rows: bookings.length, noun: ["booking", "bookings"] });
    return csvResponse(toCsv(COLUMNS, bookings), `attendees-${edition.title}-${edition.startDate ?? edition.id}.csv`);
  } catch (error) {
    const { status, message } = refusalOf(error);
    throw errorResponse(status, message);
  }
}
