import { CalendarDays, ExternalLink, GraduationCap, MapPin } from "lucide-react";
import { Suspense, useEffect, useId } from "react";
import { Await, Link, useAsyncError } from "react-router";

import { ButtonLink, buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { formatLongDate } from "~/lib/format";
import type { PurchaseCard } from "~/lib/purchases";
import { toast } from "~/lib/toast";

import { AccountCard } from "./account-card";

/** What the loader's purchases promise settles to: the list, or why it could not be read. */
export type PurchasesResult = { ok: true; purchases: PurchaseCard[] } | { ok: false; message: string };

const NO_PURCHASES_MESSAGE = "You have not purchased any courses yet.";

function PurchasesLoading() {
  return (
    <div role="status" aria-live="polite" className="grid gap-4">
      <span className="sr-only">Loading your courses...</span>
      {[0, 1].map((key) => (
        <div key={key} aria-hidden className="flex animate-pulse gap-4 rounded-xl border border-ink/10 p-4 motion-reduce:animate-none">
          <div className="aspect-[4/3] w-28 shrink-0 rounded-lg bg-mist sm:w-40" />
          <div className="grid flex-1 content-start gap-3">
            <div className="h-5 w-2/3 rounded bg-mist" />
            <div className="h-4 w-1/3 rounded bg-mist" />
            <div className="h-4 w-full rounded bg-mist" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Spec 4 and 8: the error state, plus a toast once it is shown. */
export function PurchasesError({ message }: { message: string }) {
  useEffect(() => {
    toast.error(`Error fetching purchased courses: ${message}`);
  }, [message]);
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p className="font-semibold">Error loading courses: {message}</p>
      <p className="mt-1">
        Please refresh the page. If the problem continues,{" "}
        <Link to="/contact" className="font-medium underline">
          contact support
        </Link>
        .
      </p>
    </div>
  );
}

/** The promise itself failed (the stream was cut, say): the same error state with its message. */
function PurchasesStreamError() {
  const error = useAsyncError();
  return <PurchasesError message={error instanceof Error && error.message ? error.message : "An unknown error occurred."} />;
}

export function NoPurchases() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg bg-mist px-4 py-10 text-center">
      <GraduationCap aria-hidden className="size-8 text-gold-dark" />
      <p className="text-ink/80">{NO_PURCHASES_MESSAGE}</p>
      <ButtonLink variant="outline" to="/courses">
        Browse courses
      </ButtonLink>
    </div>
  );
}

const TONE_CLASS = {
  success: "bg-green-100 text-green-800 ring-green-600/20",
  pending: "bg-orange-100 text-orange-800 ring-orange-600/20",
} as const;

function PurchaseItem({ purchase }: { purchase: PurchaseCard }) {
  return (
    <li className="flex flex-col gap-4 rounded-xl border border-ink/10 p-4 sm:flex-row">
      {/* The box keeps its shape even if the image is missing. */}
      <div className="relative flex aspect-[16/9] w-full shrink-0 items-center justify-center overflow-hidden rounded-lg bg-mist sm:aspect-[4/3] sm:w-40 sm:self-start">
        <GraduationCap aria-hidden className="size-8 text-gold-dark" />
        {purchase.imageUrl && (
          <img src={purchase.imageUrl} alt="" width={160} height={120} loading="lazy" decoding="async" className="absolute inset-0 size-full object-cover" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h3 className="font-sans text-lg font-semibold">
          <Link to={purchase.courseHref} className="-my-2 inline-block py-2 text-navy hover:text-gold-dark hover:underline">
            {purchase.title}
          </Link>
        </h3>
        {(purchase.dates || purchase.location) && (
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm font-medium text-ink">
            {purchase.dates && (
              <span className="inline-flex items-center gap-1.5">
                <CalendarDays aria-hidden className="size-4 text-gold-dark" />
                {purchase.dates}
              </span>
            )}
            {purchase.location && (
              <span className="inline-flex items-center gap-1.5">
                <MapPin aria-hidden className="size-4 text-gold-dark" />
                {purchase.location}
              </span>
            )}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-ink/70">
          <span>
            Purchased on <time dateTime={purchase.purchasedOn}>{formatLongDate(purchase.purchasedOn)}</time>
          </span>
          <span
            className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset", TONE_CLASS[purchase.tone])}
            data-tone={purchase.tone}
          >
            <span className="sr-only">Status: </span>
            {purchase.status}
          </span>
          {purchase.refunded && <span>{purchase.refunded} refunded</span>}
        </div>
        {purchase.description && <p className="text-sm text-ink/80">{purchase.description}</p>}
        <div className="mt-auto flex flex-wrap gap-3 pt-2">
          <ButtonLink className="grow whitespace-nowrap sm:grow-0" to={purchase.courseHref}>
            View Course
          </ButtonLink>
          {purchase.receiptUrl && (
            <a
              href={purchase.receiptUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={cn(buttonVariants({ variant: "outline" }), "grow whitespace-nowrap sm:grow-0")}
            >
              View Receipt
              <ExternalLink aria-hidden className="size-4" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
        </div>
      </div>
    </li>
  );
}

function PurchaseList({ purchases }: { purchases: PurchaseCard[] }) {
  if (purchases.length === 0) return <NoPurchases />;
  return (
    <ul className="grid gap-4">
      {purchases.map((purchase) => (
        <PurchaseItem key={purchase.id} purchase={purchase} />
      ))}
    </ul>
  );
}

export function PurchasesResultView({ result }: { result: PurchasesResult }) {
  return result.ok ? <PurchaseList purchases={result.purchases} /> : <PurchasesError message={result.message} />;
}

/** Spec 4 My Purchased Courses: loading, then the list, an error, or the empty state. */
export function PurchasedCourses({ purchases }: { purchases: Promise<PurchasesResult> }) {
  const id = useId();
  return (
    <AccountCard id={`${id}-heading`} title="My Purchased Courses">
      <Suspense fallback={<PurchasesLoading />}>
        <Await resolve={purchases} errorElement={<PurchasesStreamError />}>
          {(result) => <PurchasesResultView result={result} />}
        </Await>
      </Suspense>
    </AccountCard>
  );
}
