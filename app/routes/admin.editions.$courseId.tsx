import { type RefObject, useEffect, useRef, useState } from "react";
import { data, Link, useFetcher } from "react-router";

import { AdminSection } from "~/components/admin/admin-list";
import { useShowsSavedValues } from "~/components/admin/use-saved-values";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field, fieldErrorId, Input, inputClass } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { discountLabel } from "~/lib/discounts";
import { formatDateRange, formatLongDate, formatMinorUnits, minorUnitsAsDecimal } from "~/lib/format";
import { isSuccessfulPurchase } from "~/lib/purchases";
import { CancelBookingSchema, EditionCapacitySchema, MAX_CAPACITY } from "~/lib/schemas/admin";
import { firstIssueMessage } from "~/lib/schemas/fields";
import { seo } from "~/lib/seo";
import { toast } from "~/lib/toast";
import { cancelBooking } from "~/server/admin/bookings.server";
import { changeEditionCapacity, editionBookings, findEditionForAdmin } from "~/server/admin/editions.server";
import { backOnSaleRefusal, reactivateEdition } from "~/server/admin/schedule.server";
import { adminRoute, signedInUser } from "~/server/http/guards.server";
import { readFormData } from "~/server/http/request-bodies.server";
import { errorResponse, refusalOf } from "~/server/http/responses.server";
import { appServices } from "~/server/platform/context.server";
import { NotFoundError } from "~/server/platform/errors.server";

import type { Route } from "./+types/admin.editions.$courseId";

export const middleware = [adminRoute()];

export const meta: Route.MetaFunction = (args) => seo(args, { title: args.data ? `${args.data.edition.title}: bookings` : "Edition", noIndex: true });

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = appServices(context).database;
  try {
    const edition = await findEditionForAdmin(db, params.courseId);
    const bookings = await editionBookings(db, edition.id);
    return {
      edition,
      // Taken off sale: the page offers to put it back, or says why it cannot go back.
      offSale: edition.isActive ? null : { reason: backOnSaleRefusal(edition) },
      bookings: bookings.map((booking) => ({ ...booking, purchaseDate: booking.purchaseDate.toISOString() })),
    };
  } catch (error) {
    if (error instanceof NotFoundError) throw errorResponse(404, error.message);
    throw error;
  }
}

type Intent = "capacity" | "cancel" | "reactivate";
type ActionResult = { intent: Intent; ok: true; message: string } | { intent: Intent; ok: false; error: string };

/** Changes the edition's capacity, cancels one of its bookings with a refund, or puts it back on sale. */
export async function action(args: Route.ActionArgs) {
  const form = await readFormData(args.request);
  const intent = form.get("intent");
  if (intent !== "capacity" && intent !== "cancel" && intent !== "reactivate") {
    return data<ActionResult>({ intent: "capacity", ok: false, error: "Unknown action." }, 400);
  }
  const services = appServices(args.context);
  const admin = await signedInUser(args);
  const refuse = (status: number, error: string) => data<ActionResult>({ intent, ok: false, error }, status);
  try {
    if (intent === "capacity") {
      const parsed = EditionCapacitySchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return refuse(400, firstIssueMessage(parsed.error));
      await changeEditionCapacity(services.database.db, admin, args.params.courseId, parsed.data.capacity);
      return data<ActionResult>({ intent, ok: true, message: `Capacity set to ${parsed.data.capacity}.` });
    }
    if (intent === "reactivate") {
      await reactivateEdition(services.database.db, admin, args.params.courseId);
      return data<ActionResult>({ intent, ok: true, message: "Back on sale: the date is on the schedule and its course page again." });
    }
    const parsed = CancelBookingSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return refuse(400, firstIssueMessage(parsed.error));
    const purchase = await cancelBooking(services, admin, { ...parsed.data, courseId: args.params.courseId });
    return data<ActionResult>({
      intent,
      ok: true,
      message: `Booking cancelled: ${formatMinorUnits(parsed.data.amount)} refunded to ${purchase.customerEmail}.`,
    });
  } catch (error) {
    const { status, message } = refusalOf(error);
    return refuse(status, message);
  }
}

/** Tells the outcome of a fetcher's post once, as a toast. */
function useOutcomeToast(result: ActionResult | undefined) {
  useEffect(() => {
    // One toast per answer: the capacity form remounts with the same answer once it is saved.
    if (result?.ok) toast.success(result.message, { id: `${result.intent}-outcome` });
  }, [result]);
}

function CapacityForm({ capacity }: { capacity: number }) {
  const fetcher = useFetcher<ActionResult>();
  useOutcomeToast(fetcher.data);
  const form = useShowsSavedValues([capacity]);
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : undefined;
  return (
    <fetcher.Form ref={form} method="post" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="capacity" />
      <Field label="Capacity" id="capacity" className="w-40">
        <input
          id="capacity"
          name="capacity"
          type="number"
          min={1}
          max={MAX_CAPACITY}
          step={1}
          required
          defaultValue={capacity}
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fieldErrorId("capacity") : undefined}
        />
      </Field>
      <Button type="submit" variant="navy" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Saving..." : "Save capacity"}
      </Button>
      {error && (
        <p id={fieldErrorId("capacity")} role="alert" className="basis-full text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fetcher.Form>
  );
}

function CancelBooking({
  purchaseId,
  who,
  amountPaid,
  focusAfterCancel,
}: {
  purchaseId: string;
  who: string;
  amountPaid: number;
  /** Where focus goes once the booking is cancelled: this button goes with the booking's actions. */
  focusAfterCancel: RefObject<HTMLElement | null>;
}) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<ActionResult>();
  useOutcomeToast(fetcher.data);
  // A refund that went through closes the dialog: state adjusted on the new answer, during render.
  const [answered, setAnswered] = useState(fetcher.data);
  if (fetcher.data !== answered) {
    setAnswered(fetcher.data);
    if (fetcher.data?.ok) setOpen(false);
  }
  const cancelled = fetcher.data?.ok === true;
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : undefined;
  const amountId = `refund-${purchaseId}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button type="button" variant="outline" size="sm" className="whitespace-nowrap" onClick={() => setOpen(true)}>
        Cancel booking
      </Button>
      <DialogContent
        width="md"
        onCloseAutoFocus={(event) => {
          if (!cancelled) return;
          event.preventDefault();
          focusAfterCancel.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Cancel this booking?</DialogTitle>
          <DialogDescription>
            {who}&apos;s booking is cancelled, their place released and the amount below refunded to the way they paid. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="purchaseId" value={purchaseId} />
          <Field label="Refund (£)" id={amountId} hint={`Up to ${formatMinorUnits(amountPaid)}; less for a partial refund.`} error={error} announceError>
            <Input id={amountId} name="amount" inputMode="decimal" required defaultValue={minorUnitsAsDecimal(amountPaid)} />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              Keep booking
            </Button>
            <Button type="submit" variant="navy" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? "Refunding..." : "Cancel and refund"}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

type ReactivateFetcher = ReturnType<typeof useFetcher<ActionResult>>;

/** Said near the top while staff have the date off sale: put it back, or why it cannot go back. */
function OffSaleNotice({ reason, fetcher }: { reason: string | null; fetcher: ReactivateFetcher }) {
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : undefined;
  return (
    <div className="flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p>
          <span className="font-semibold">Not on sale: taken off sale by staff.</span> It is off the schedule and its course page; its bookings are kept.
        </p>
        {reason && <p className="mt-1">{reason}</p>}
        {error && (
          <p role="alert" className="mt-1 font-medium text-red-800">
            {error}
          </p>
        )}
      </div>
      {!reason && (
        <fetcher.Form method="post" className="shrink-0">
          <input type="hidden" name="intent" value="reactivate" />
          <Button type="submit" variant="navy" size="sm" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Putting back on sale..." : "Put back on sale"}
          </Button>
        </fetcher.Form>
      )}
    </div>
  );
}

function StatusBadge({ status }: { status: string }) {
  return (
    <span className={isSuccessfulPurchase(status) ? "rounded bg-green-100 px-2 py-0.5 text-green-800" : "rounded bg-orange-100 px-2 py-0.5 text-orange-800"}>
      {status}
    </span>
  );
}

export default function AdminEdition({ loaderData }: Route.ComponentProps) {
  const { edition, offSale, bookings } = loaderData;
  const bookingsHeading = useRef<HTMLHeadingElement>(null);
  // Held here, not in the notice: the notice goes once the date is back on sale, and the answer's toast and focus must not go with it.
  const reactivate = useFetcher<ActionResult>({ key: `reactivate-${edition.id}` });
  useOutcomeToast(reactivate.data);
  const backOnSale = useRef<HTMLParagraphElement>(null);
  const reactivated = reactivate.data?.ok === true && edition.isActive;
  useEffect(() => {
    if (reactivated) backOnSale.current?.focus();
  }, [reactivated]);
  const facts = [
    ["Dates", edition.startDate ? formatDateRange(edition.startDate, edition.endDate) : "No date"],
    ["Location", edition.location ?? "—"],
    ["Price", edition.priceAmount === null ? "—" : formatMinorUnits(edition.priceAmount)],
    ["Paid bookings", String(edition.paidBookings)],
    ["Live holds", String(edition.liveHolds)],
    ["Places left", String(edition.placesLeft)],
  ] as const;
  return (
    <AdminSection title={edition.title}>
      <div className="grid gap-8">
        <p>
          <Link to="/admin/editions" className="inline-flex min-h-11 items-center text-sm text-navy underline">
            ← All editions
          </Link>
        </p>
        {offSale && <OffSaleNotice reason={offSale.reason} fetcher={reactivate} />}
        {/* Where the button was: focus waits here rather than falling to the page's start. */}
        {reactivated && (
          <p ref={backOnSale} tabIndex={-1} className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm font-medium text-emerald-900">
            On sale again: this date is on the schedule and its course page.
          </p>
        )}
        {/* The dates and the address take two columns: a long address stayed five lines tall in one. */}
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-8">
          {facts.map(([term, value]) => (
            <div key={term} className={cn("rounded-lg border border-ink/10 p-3", (term === "Dates" || term === "Location") && "col-span-2")}>
              <dt className="text-xs text-ink/70">{term}</dt>
              <dd className="font-semibold text-navy" data-testid={term === "Places left" ? "places-left" : undefined}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <section aria-labelledby="capacity-heading" className="grid gap-3">
          <h2 id="capacity-heading" className="text-xl font-semibold">
            Capacity
          </h2>
          <p className="text-sm text-ink/70">Never fewer than the paid bookings and live holds ({edition.paidBookings + edition.liveHolds}).</p>
          <CapacityForm capacity={edition.capacity} />
        </section>
        <section aria-labelledby="bookings-heading" className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 ref={bookingsHeading} id="bookings-heading" tabIndex={-1} className="text-xl font-semibold">
              Bookings
            </h2>
            <a
              href={`/admin/editions/${edition.id}/attendees.csv`}
              download
              className="inline-flex min-h-11 items-center text-sm font-semibold text-navy underline"
            >
              Download attendees (CSV)
            </a>
          </div>
          {bookings.length === 0 ? (
            <p className="text-ink/70">No bookings yet.</p>
          ) : (
            <div className="relative overflow-x-auto rounded-lg border border-ink/10 scroll-shadows-x" role="region" aria-label="Bookings table" tabIndex={0}>
              <table className="w-full min-w-[900px] text-left text-sm">
                <thead className="bg-mist text-navy">
                  <tr>
                    {["Attendee", "Email", "Mobile", "Status", "Amount paid", "Discount", "Purchased", ""].map((heading) => (
                      <th key={heading} scope="col" className="p-3">
                        {heading || <span className="sr-only">Actions</span>}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {bookings.map((booking) => (
                    <tr key={booking.purchaseId} className="border-t border-ink/10" data-testid="booking-row">
                      <td className="p-3 font-medium wrap-anywhere">
                        {booking.name ?? "Guest"}{" "}
                        {booking.name && booking.guest && <span className="block text-xs font-normal text-ink/70">Guest, no account yet</span>}
                      </td>
                      <td className="p-3 break-all">{booking.email}</td>
                      <td className="p-3 whitespace-nowrap">{booking.mobile ?? "—"}</td>
                      <td className="p-3">
                        <StatusBadge status={booking.status} />
                      </td>
                      <td className="p-3 whitespace-nowrap">
                        {formatMinorUnits(booking.amountPaid)}
                        {booking.amountRefunded > 0 && (
                          <span className="block text-xs text-ink/70">
                            {formatMinorUnits(booking.amountRefunded)} refunded of {formatMinorUnits(booking.amountTotal)}
                          </span>
                        )}
                      </td>
                      <td className="p-3">{discountLabel(booking.discountKind, booking.amountDiscount) || "—"}</td>
                      <td className="p-3 whitespace-nowrap">{formatLongDate(booking.purchaseDate)}</td>
                      <td className="p-3">
                        {isSuccessfulPurchase(booking.status) && booking.amountPaid > 0 && (
                          <CancelBooking
                            purchaseId={booking.purchaseId}
                            who={booking.name ?? booking.email}
                            amountPaid={booking.amountPaid}
                            focusAfterCancel={bookingsHeading}
                          />
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </AdminSection>
  );
}
