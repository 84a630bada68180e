/** Spec 9: a purchased course's description is previewed at 100 characters. */
export const DESCRIPTION_PREVIEW_LENGTH = 100;

/** Spec 4: paid or complete shows as successful (green); anything else pending-style (orange). */
export type PurchaseTone = "success" | "pending";

export function purchaseStatusTone(status: string): PurchaseTone {
  const normalised = status.trim().toLowerCase();
  return normalised === "paid" || normalised === "complete" ? "success" : "pending";
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
  course: { id: string; title: string; description: string | null; imageUrl: string | null; slug: string };
}

/** What the account page shows for one purchase (spec 4, My Purchased Courses). */
export interface PurchaseCard {
  id: string;
  title: string;
  courseHref: string;
  imageUrl: string | null;
  purchasedOn: string;
  status: string;
  tone: PurchaseTone;
  description: string;
  receiptUrl: string | null;
}

export function purchaseCard(row: PurchaseRow): PurchaseCard {
  return {
    id: row.id,
    title: row.course.title,
    courseHref: `/courses/${encodeURIComponent(row.course.slug)}`,
    imageUrl: row.course.imageUrl,
    purchasedOn: row.purchaseDate.toISOString(),
    status: row.status,
    tone: purchaseStatusTone(row.status),
    description: previewDescription(row.course.description),
    receiptUrl: safeReceiptUrl(row.receiptUrl),
  };
}
