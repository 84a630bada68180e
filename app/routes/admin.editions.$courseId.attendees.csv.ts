import { discountLabel } from "~/lib/discounts";
import { type CsvColumn, toCsv } from "~/server/admin/csv.server";
import { type AdminBooking, editionBookings, findEditionForAdmin } from "~/server/admin/editions.server";
import { adminRoute } from "~/server/http/guards.server";
import { csvResponse, errorResponse, refusalOf } from "~/server/http/responses.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/admin.editions.$courseId.attendees.csv";

export const middleware = [adminRoute()];

const COLUMNS: CsvColumn<AdminBooking>[] = [
  { header: "Name", value: (row) => row.name },
  { header: "Email", value: (row) => row.email },
  { header: "Mobile", value: (row) => row.mobile },
  { header: "Status", value: (row) => row.status },
  { header: "Amount paid (£)", value: (row) => (row.amountPaid / 100).toFixed(2) },
  { header: "Discount", value: (row) => discountLabel(row.discountKind, row.amountDiscount) },
  { header: "Purchase date", value: (row) => row.purchaseDate },
];

/** The edition's attendees as a spreadsheet. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = appServices(context).database;
  try {
    const edition = await findEditionForAdmin(db, params.courseId);
    const bookings = await editionBookings(db, edition.id);
    return csvResponse(toCsv(COLUMNS, bookings), `attendees-${edition.title}-${edition.startDate ?? edition.id}.csv`);
  } catch (error) {
    const { status, message } = refusalOf(error);
    throw errorResponse(status, message);
  }
}
