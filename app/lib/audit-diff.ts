import { formatLongDate, formatMinorUnits } from "./format";
import type { PurchaseStatus } from "./purchases";

export interface FieldChange {
  /** The field's stored name, which stays unique within an entry. */
  field: string;
  /** The field as staff call it: "Amount refunded", "Start date". */
  label: string;
  kind: "changed" | "added" | "removed";
  /** The old value as text (absent for an added field). */
  before?: string;
  /** The new value as text (absent for a removed field). */
  after?: string;
}

type Fields = Record<string, unknown>;

/**
 * The fields audit snapshots hold (courses, offerings and purchases rows, or
 * parts of them), labelled as staff call them and listed in the order they are
 * shown: jsonb keeps a snapshot's fields but not their order.
 */
const LABELS: Record<string, string> = {
  title: "Title",
  startDate: "Start date",
  endDate: "End date",
  location: "Location",
  duration: "Duration",
  format: "Format",
  lengthDays: "Length in days",
  description: "Description",
  customerEmail: "Email",
  status: "Status",
  isActive: "Active",
  listed: "Shown to visitors",
  priceAmount: "Price",
  amountSubtotal: "Subtotal",
  amountDiscount: "Discount",
  amountTotal: "Total paid",
  amountRefunded: "Amount refunded",
  refundedAt: "Refunded on",
  purchaseDate: "Booked on",
  capacity: "Capacity",
  defaultCapacity: "Default capacity",
  value: "Value",
};
const ORDER = Object.keys(LABELS);

/**
 * Fields that mean nothing to staff: keys, links, currency codes (everything
 * is in pounds), Stripe's ids and the row's own timestamps. Left out of what
 * the log shows; the stored snapshot keeps them.
 */
const INTERNAL = new Set(["id", "ids", "slug", "currency", "priceCurrency", "position", "createdAt", "updatedAt", "refundKeys", "metadata"]);
const INTERNAL_PATTERN = /(Id|Ids|Url|Key)$/;

/** The schema names every column in minor units (pence) `amountX` or `xAmount`. */
const isMoney = (field: string) => /^amount[A-Z]|Amount$/.test(field);
/** Calendar days (`startDate`) and timestamps (`refundedAt`), as the schema names them. */
const isDate = (field: string) => /(Date|At)$/.test(field);

const PURCHASE_STATUS_WORDS: Record<string, string> = {
  pending: "Pending",
  paid: "Paid",
  complete: "Complete",
  refunded: "Refunded",
  canceled: "Cancelled",
} satisfies Record<PurchaseStatus, string>;

const EMPTY = "(empty)";

/** "lateRefundDueAt" as "Late refund due at", for a field without a label. */
function wordsOf(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const labelOf = (field: string) => LABELS[field] ?? wordsOf(field);

/** A stored snapshot as named fields: nothing is no fields; a bare value is one field named `value`. */
function fieldsOf(snapshot: unknown): Fields {
  if (snapshot === null || snapshot === undefined) return {};
  if (typeof snapshot === "object" && !Array.isArray(snapshot)) return snapshot as Fields;
  return { value: snapshot };
}

/** A date as the summaries write it ("12 March 2027"), or undefined when the text is no date. */
function dateText(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(Date.parse(value))) return undefined;
  return formatLongDate(value);
}

/** A value as a person reads it in the log: pounds, dates, Yes or No, a status in words. */
function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined) return EMPTY;
  if (typeof value === "number" && isMoney(field)) return formatMinorUnits(value);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string") {
    if (field === "status") return PURCHASE_STATUS_WORDS[value] ?? wordsOf(value);
    return (isDate(field) && dateText(value)) || value;
  }
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  return JSON.stringify(value);
}

const shown = (field: string) => !INTERNAL.has(field) && !INTERNAL_PATTERN.test(field);

/** Labelled fields in their set order, then any others in the order they first appear. */
const rank = (field: string) => {
  const index = ORDER.indexOf(field);
  return index === -1 ? ORDER.length : index;
};

/**
 * What an audit entry changed, field by field, in staff's words: fields whose
 * value differs, fields only after (added) and only before (removed). Unchanged
 * and internal fields are left out. Presentation only: the stored entry is untouched.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const old = fieldsOf(before);
  const next = fieldsOf(after);
  const names = [...new Set([...Object.keys(old), ...Object.keys(next)])].filter(shown).sort((a, b) => rank(a) - rank(b));
  const changes: FieldChange[] = [];
  for (const field of names) {
    const label = labelOf(field);
    const had = Object.hasOwn(old, field);
    const has = Object.hasOwn(next, field);
    if (had && !has) changes.push({ field, label, kind: "removed", before: valueText(field, old[field]) });
    else if (!had && has) changes.push({ field, label, kind: "added", after: valueText(field, next[field]) });
    else if (JSON.stringify(old[field]) !== JSON.stringify(next[field])) {
      changes.push({ field, label, kind: "changed", before: valueText(field, old[field]), after: valueText(field, next[field]) });
    }
  }
  return changes;
}
