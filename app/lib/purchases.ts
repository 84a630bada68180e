import { formatDateRange, formatMinorUnits } from "./format";

/** Spec 9: a purchased course's description is previewed at 100 characters. */
const DESCRIPTION_PREVIEW_LENGTH = 100;

/**
 * Every state a purchase can be in: pending until paid, paid (or complete once
 * the course has been given), refunded or canceled. The database refuses any other.
 */
export const PURCHASE_STATUSES = ["pending", "paid", "complete", "refunded", "canceled"] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** Spec 4: paid or complete count as successful; the one rule for pages, places and discounts. */
export const SUCCESSFUL_PURCHASE_STATUSES = ["paid", "complete"] as const satisfies readonly PurchaseStatus[];

export function isSuccessfulPurchase(status: string): boolean {
  return (SUCCESSFUL_PURCHASE_STATUSES as readonly string[]).includes(status);
}

/** Spec 4: successful purchases show green; anything else pending-style (orange). */
export type PurchaseTone = "success" | "pending";

export function purchaseStatusTone(status: string): PurchaseTone {
  return isSuccessfulPurchase(status) ? "success" : "pending";
}

/** The first 100 characters, with an ellipsis when something was cut. */
export function previewDescription(description: string | null | undefined, length = DESCRIPTION_PREVIEW_LENGTH): string {
  const text = (description ?? "").trim();
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
}

/** A receipt link is only offered for a web address; anything else (say `javascript:`) is dropped. */
export function safeReceiptUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

export interface PurchaseRow {
  id: string;
  purchaseDate: Date;
  status: string;
  receiptUrl: string | null;
  /** In pence: a cancelled booking's refund, which may be part of what was paid. */
  amountRefunded?: number;
  /** `listed` false: the administrators' test product, which has no course page. */
  course: {
    id: string;
    title: string;
    description: string | null;
    imageUrl: string | null;
    slug: string;
    startDate?: string | null;
    endDate?: string | null;
    location?: string | null;
    listed?: boolean;
  };
}

/** What the account page shows for one purchase (spec 4, My Purchased Courses). */
export interface PurchaseCard {
  id: string;
  title: string;
  courseHref: string;
  imageUrl: string | null;
  /** The booked date's days ("March 12th - 15th, 2027") and place: what a dentist plans around. */
  dates: string | null;
  location: string | null;
  purchasedOn: string;
  status: string;
  tone: PurchaseTone;
  /** "£10,000", beside the status of a booking refunded in full or in part. */
  refunded: string | null;
  description: string;
  receiptUrl: string | null;
}

export function purchaseCard(row: PurchaseRow): PurchaseCard {
  return {
    id: row.id,
    title: row.course.title,
    courseHref: row.course.listed === false ? "/courses" : `/courses/${encodeURIComponent(row.course.slug)}`,
    imageUrl: row.course.imageUrl,
    dates: row.course.startDate ? formatDateRange(row.course.startDate, row.course.endDate) : null,
    location: row.course.location ?? null,
    purchasedOn: row.purchaseDate.toISOString(),
    status: row.status,
    tone: purchaseStatusTone(row.status),
    refunded: row.amountRefunded ? formatMinorUnits(row.amountRefunded) : null,
    description: previewDescription(row.course.description),
    receiptUrl: safeReceiptUrl(row.receiptUrl),
  };
}
