import { desc, eq, sql } from "drizzle-orm";

import { isUuid } from "~/lib/uuid";
import type { Database } from "~/server/db/client.server";
import { emailOutbox } from "~/server/db/schema.server";

export async function listMailbox(db: Database, options: { to?: string; limit?: number } = {}) {
  return (
    db
      .select()
      .from(emailOutbox)
      // An address is one mailbox whatever its letters' case (a STAFF_EMAIL set as Staff@…).
      .where(options.to ? eq(sql`lower(${emailOutbox.toAddress})`, options.to.toLowerCase()) : undefined)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(options.limit ?? 100)
  );
}

export async function getMailboxMessage(db: Database, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row ?? null;
}

/** Every http(s) link in a plain-text email, in order, without repeats. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s\]>)]+/g) ?? [])];
}
