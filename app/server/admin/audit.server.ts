import { desc } from "drizzle-orm";

import type { Database, Transaction } from "~/server/db/client.server";
import { rowsAfter } from "~/server/db/paging.server";
import { adminAuditLog } from "~/server/db/schema.server";

/** The administrator acting, as the guards know them. */
export interface AdminActor {
  id: string;
  email: string;
}

export interface AdminAction {
  /** What was done, e.g. `edition.schedule`, `booking.refund`. */
  action: string;
  subjectType: string;
  subjectId?: string | null;
  /** One line a person reads in the log, e.g. "Scheduled Sinus Grafting on 12 March 2027". */
  summary: string;
  before?: unknown;
  after?: unknown;
}

/** JSON-safe copy of a row (dates as ISO strings), so the log shows exactly what was stored. */
const snapshot = (value: unknown) => (value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown));

/**
 * Writes one entry of the audit log. Call it inside the transaction that makes
 * the change, so the log never holds a change that did not happen or misses one that did.
 */
export async function recordAdminAction(tx: Database | Transaction, actor: AdminActor, entry: AdminAction): Promise<void> {
  await tx.insert(adminAuditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId ?? null,
    summary: entry.summary,
    before: snapshot(entry.before),
    after: snapshot(entry.after),
  });
}

/**
 * Records a download of personal data (attendees, inbox, interest,
 * subscribers): who took which list, and how many people were in it.
 */
export async function recordExport(
  db: Database,
  actor: AdminActor,
  list: { name: string; subjectId?: string; rows: number; noun: [one: string, many: string] },
): Promise<void> {
  await recordAdminAction(db, actor, {
    action: "export.csv",
    subjectType: "export",
    subjectId: list.subjectId,
    summary: `Downloaded ${list.name} as CSV (${list.rows} ${list.noun[list.rows === 1 ? 0 : 1]})`,
  });
}

export type AuditEntry = typeof adminAuditLog.$inferSelect;

/** The newest entries first, a page at a time (`after` is the id of the last entry already shown). */
export async function auditLog(db: Database, { limit = 100, after }: { limit?: number; after?: string } = {}): Promise<AuditEntry[]> {
  return db
    .select()
    .from(adminAuditLog)
    .where(after ? rowsAfter(adminAuditLog, after) : undefined)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit);
}
