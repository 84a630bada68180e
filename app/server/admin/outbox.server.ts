import { and, count, desc, eq, inArray, sql } from "drizzle-orm";

import type { Database } from "~/server/db/client.server";
import { emailOutbox } from "~/server/db/schema.server";
import { NotFoundError } from "~/server/platform/errors.server";

import { type AdminActor, recordAdminAction } from "./audit.server";

type OutboxStatus = (typeof emailOutbox.$inferSelect)["status"];

/**
 * A dead letter as the back office shows it: who it was for and why it failed.
 * Never its body: account emails carry reset and confirmation links.
 */
export interface DeadLetter {
  id: string;
  template: string;
  toAddress: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  /** When it was queued. */
  createdAt: Date;
}

/** How many emails are in each state, every state named. */
export async function outboxCounts(db: Database): Promise<Record<OutboxStatus, number>> {
  const rows = await db.select({ status: emailOutbox.status, n: count() }).from(emailOutbox).groupBy(emailOutbox.status);
  const counts: Record<OutboxStatus, number> = { pending: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** The emails the worker gave up on (MAX_ATTEMPTS failures), newest first. */
export async function listDeadLetters(db: Database, { limit = 200 }: { limit?: number } = {}): Promise<DeadLetter[]> {
  return db
    .select({
      id: emailOutbox.id,
      template: emailOutbox.template,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, "failed"))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
}

/** Back to the queue as if new: due now, with a fresh run of attempts and back-off. */
const requeued = { status: "pending" as const, attempts: 0, lockedUntil: null, nextAttemptAt: sql`now()` };

/**
 * An administrator sends a dead letter again: it goes back to the outbox,
 * due at once, and the worker delivers it (or, failing again, backs off
 * afresh). Audited in the same transaction. Only a dead letter can be retried.
 */
export async function retryDeadLetter(db: Database, actor: AdminActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [retried] = await tx
      .update(emailOutbox)
      .set(requeued)
      .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "failed")))
      .returning({ template: emailOutbox.template, toAddress: emailOutbox.toAddress, subject: emailOutbox.subject });
    if (!retried) throw new NotFoundError("That email is no longer waiting for a retry.");
    await recordAdminAction(tx, actor, {
      action: "email.retry",
      subjectType: "email",
      subjectId: id,
      summary: `Retried the ${retried.template} email "${retried.subject}" to ${retried.toAddress}`,
    });
  });
}

/** Every dead letter back to the outbox at once, audited as one action; answers how many. */
export async function retryAllDeadLetters(db: Database, actor: AdminActor): Promise<number> {
  return db.transaction(async (tx) => {
    const failed = await tx.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.status, "failed")).for("update");
    if (failed.length === 0) return 0;
    const ids = failed.map((row) => row.id);
    await tx
      .update(emailOutbox)
      .set(requeued)
      .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, "failed")));
    await recordAdminAction(tx, actor, {
      action: "email.retry-all",
      subjectType: "email",
      summary: `Retried ${ids.length} failed ${ids.length === 1 ? "email" : "emails"}`,
      after: { ids },
    });
    return ids.length;
  });
}
