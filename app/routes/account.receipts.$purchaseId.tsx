import { data } from "react-router";

import { Button, ButtonLink } from "~/components/ui/button";
import { EmailAddress } from "~/components/ui/email-address";
import { SITE } from "~/content/site";
import { cn } from "~/lib/cn";
import { DISCOUNT_RULES } from "~/lib/discounts";
import { formatDateRange, formatLongDate, formatMinorUnits } from "~/lib/format";
import { seo } from "~/lib/seo";
import { receiptOf } from "~/server/booking/booking-pages.server";
import { signedInRoute, signedInUser } from "~/server/http/guards.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/account.receipts.$purchaseId";

export const middleware = [signedInRoute()];

/** A printable receipt for one of the signed-in person's purchases; anyone else's is not found. */
export async function loader(args: Route.LoaderArgs) {
  const user = await signedInUser(args);
  const found = await receiptOf(appServices(args.context).database.db, user.id, args.params.purchaseId);
  if (!found) throw data(null, { status: 404 });
  const { purchase, course, kept } = found;
  return {
    number: purchase.id.slice(0, 8).toUpperCase(),
    reference: purchase.stripePaymentIntentId ?? purchase.stripeSessionId,
    purchasedOn: purchase.purchaseDate.toISOString(),
    billedTo: purchase.customerEmail,
    status: purchase.status,
    course: {
      title: course.title,
      dates: course.startDate ? formatDateRange(course.startDate, course.endDate) : null,
      location: course.location,
    },
    price: formatMinorUnits(purchase.amountSubtotal),
    discount: purchase.discountKind ? { name: DISCOUNT_RULES[purchase.discountKind].name, amount: formatMinorUnits(purchase.amountDiscount) } : null,
    total: formatMinorUnits(purchase.amountTotal),
    refunded: purchase.amountRefunded > 0 ? formatMinorUnits(purchase.amountRefunded) : null,
    kept: kept === null ? null : formatMinorUnits(kept),
  };
}

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Receipt", noIndex: true });

/** An amount keeps to one line (a phone broke "-£100" after its minus); a long name wraps beside it. */
function Row({ name, value, strong = false }: { name: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-6 border-t border-navy/10 py-3">
      <dt className={cn("min-w-0", strong ? "font-semibold text-navy" : "text-ink/70")}>{name}</dt>
      <dd className={cn("shrink-0 whitespace-nowrap", strong ? "font-semibold text-navy" : "text-ink")}>{value}</dd>
    </div>
  );
}

export default function ReceiptPage({ loaderData: receipt }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 print:py-0">
      <article className="rounded-2xl border border-navy/10 bg-white p-8 shadow-sm print:border-0 print:shadow-none">
        <header className="flex flex-wrap items-start justify-between gap-4 sm:flex-nowrap">
          <div className="min-w-0">
            <p className="font-display text-xl text-navy">{SITE.name}</p>
            <p className="mt-1 text-sm text-ink/70">
              {SITE.dubaiAddress.building}, {SITE.dubaiAddress.area}, {SITE.dubaiAddress.city}, {SITE.dubaiAddress.country}
            </p>
            <p className="text-sm text-ink/70">{SITE.generalEmail}</p>
          </div>
          <div className="shrink-0 sm:text-right">
            <h1 className="text-2xl font-semibold">Receipt</h1>
            <p className="mt-1 text-sm text-ink/70">No. {receipt.number}</p>
          </div>
        </header>
        <dl className="mt-8 grid gap-1 text-sm">
          <div className="flex justify-between gap-6">
            <dt className="text-ink/70">Date</dt>
            <dd>{formatLongDate(receipt.purchasedOn)}</dd>
          </div>
          <div className="flex justify-between gap-6">
            <dt className="shrink-0 text-ink/70">Billed to</dt>
            <dd className="min-w-0 text-right wrap-break-word">
              <EmailAddress address={receipt.billedTo} />
            </dd>
          </div>
          <div className="flex justify-between gap-6">
            <dt className="shrink-0 text-ink/70">Payment reference</dt>
            <dd className="min-w-0 text-right font-mono text-xs break-all">{receipt.reference}</dd>
          </div>
          <div className="flex justify-between gap-6">
            <dt className="text-ink/70">Status</dt>
            <dd className="capitalize">{receipt.status}</dd>
          </div>
        </dl>
        <section aria-label="What was paid for" className="mt-8">
          <p className="font-semibold text-navy">{receipt.course.title}</p>
          {receipt.course.dates && <p className="text-sm text-ink/80">{receipt.course.dates}</p>}
          {receipt.course.location && <p className="text-sm text-ink/80">{receipt.course.location}</p>}
          <dl className="mt-4 text-sm">
            <Row name="Price" value={receipt.price} />
            {receipt.discount && <Row name={`Discount (${receipt.discount.name})`} value={`-${receipt.discount.amount}`} />}
            <Row name="Total paid" value={receipt.total} strong />
            {receipt.refunded && <Row name="Refunded" value={`-${receipt.refunded}`} />}
            {receipt.kept && <Row name="Paid after the refund" value={receipt.kept} strong />}
          </dl>
        </section>
        <div className="mt-8 flex flex-wrap gap-3 print:hidden">
          <Button type="button" onClick={() => window.print()}>
            Print receipt
          </Button>
          <ButtonLink variant="outline" to="/account">
            Back to My Account
          </ButtonLink>
        </div>
      </article>
    </div>
  );
}
