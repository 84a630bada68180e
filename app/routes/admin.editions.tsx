import { Link } from "react-router";

import { AdminSection } from "~/components/admin/admin-list";
import { cn } from "~/lib/cn";
import { formatDateRange, formatMinorUnits } from "~/lib/format";
import { seo } from "~/lib/seo";
import { listEditionsForAdmin } from "~/server/admin/editions.server";
import { adminRoute } from "~/server/http/guards.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/admin.editions";

export const middleware = [adminRoute()];

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Editions & bookings", noIndex: true });

export async function loader({ context }: Route.LoaderArgs) {
  return { editions: await listEditionsForAdmin(appServices(context).database.db) };
}

/** The table's columns: prices and counts aligned right; the words' columns keep room for a few words a line when the table scrolls on a phone. */
const COLUMNS = [
  ["Edition", "min-w-48"],
  ["Dates", ""],
  ["Location", "min-w-48"],
  ["Price", "text-right"],
  ["Capacity", "text-right"],
  ["Paid", "text-right"],
  ["Holds", "text-right"],
  ["Places left", "text-right"],
] as const;

export default function AdminEditions({ loaderData }: Route.ComponentProps) {
  const { editions } = loaderData;
  return (
    <AdminSection title="Editions & bookings">
      {editions.length === 0 ? (
        <p className="text-ink/70">No editions have been scheduled yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-ink/10 scroll-shadows-x" role="region" aria-label="Editions" tabIndex={0}>
          <table className="w-full min-w-[760px] text-left text-sm">
            <thead className="bg-mist text-navy">
              <tr>
                {COLUMNS.map(([heading, className]) => (
                  <th key={heading} scope="col" className={cn("p-3", className)}>
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {editions.map((edition) => (
                <tr key={edition.id} className={edition.upcoming ? "border-t border-ink/10" : "border-t border-ink/10 bg-ink/[0.03] text-ink/70"}>
                  <td className="p-3">
                    <Link to={`/admin/editions/${edition.id}`} className="-my-3 inline-block py-3 font-semibold text-navy underline">
                      {edition.title}
                    </Link>
                    {/* Only with a badge in it: an empty one still wrapped onto a line of its own after a long title. */}
                    {(!edition.upcoming || !edition.isActive) && (
                      <span className="ml-2 inline-flex gap-1">
                        {!edition.upcoming && <span className="rounded bg-ink/10 px-1.5 text-xs">{edition.running ? "Running" : "Past"}</span>}
                        {!edition.isActive && <span className="rounded bg-red-100 px-1.5 text-xs text-red-800">Inactive</span>}
                      </span>
                    )}
                  </td>
                  <td className="p-3 whitespace-nowrap">{edition.startDate ? formatDateRange(edition.startDate, edition.endDate) : "No date"}</td>
                  <td className="p-3">{edition.location ?? "—"}</td>
                  <td className="p-3 text-right">{edition.priceAmount === null ? "—" : formatMinorUnits(edition.priceAmount)}</td>
                  <td className="p-3 text-right">{edition.capacity}</td>
                  <td className="p-3 text-right">{edition.paidBookings}</td>
                  <td className="p-3 text-right">{edition.liveHolds}</td>
                  <td className="p-3 text-right font-semibold">{edition.placesLeft}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminSection>
  );
}
