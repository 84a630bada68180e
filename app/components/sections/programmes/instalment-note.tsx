import { useRouteLoaderData } from "react-router";

import { instalmentNote } from "~/lib/format";
import type { loader as rootLoader } from "~/root";

/** Under a course fee: its Klarna instalments, only where the checkout offers Klarna for that price (the site's KLARNA_MAX_AMOUNT_GBP). */
export function InstalmentNote({ amount }: { amount: number }) {
  const klarnaMaxAmount = useRouteLoaderData<typeof rootLoader>("root")?.publicEnv.klarnaMaxAmount ?? 0;
  return <p className="mt-1 text-sm text-ink/70">{instalmentNote(amount, klarnaMaxAmount)}</p>;
}
