export interface FieldChange {
  field: string;
  kind: "changed" | "added" | "removed";
  /** The old value as text (absent for an added field). */
  before?: string;
  /** The new value as text (absent for a removed field). */
  after?: string;
}

type Fields = Record<string, unknown>;

/** A stored snapshot as named fields: nothing is no fields; a bare value is one field named `value`. */
function fieldsOf(snapshot: unknown): Fields {
  if (snapshot === null || snapshot === undefined) return {};
  if (typeof snapshot === "object" && !Array.isArray(snapshot)) return snapshot as Fields;
  return { value: snapshot };
}

/** A value as a person reads it in the log. */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return "(empty)";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  return JSON.stringify(value);
}

/**
 * What an audit entry changed, field by field: fields whose value differs,
 * fields only after (added) and only before (removed), in the order they first appear.
 * Unchanged fields are left out.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const old = fieldsOf(before);
  const next = fieldsOf(after);
  const names = [...new Set([...Object.keys(old), ...Object.keys(next)])];
  const changes: FieldChange[] = [];
  for (const field of names) {
    const had = Object.hasOwn(old, field);
    const has = Object.hasOwn(next, field);
    if (had && !has) changes.push({ field, kind: "removed", before: valueText(old[field]) });
    else if (!had && has) changes.push({ field, kind: "added", after: valueText(next[field]) });
    else if (JSON.stringify(old[field]) !== JSON.stringify(next[field])) {
      changes.push({ field, kind: "changed", before: valueText(old[field]), after: valueText(next[field]) });
    }
  }
  return changes;
}
