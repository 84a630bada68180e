import { data } from "react-router";
import { desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { emailOutbox } from "../db/schema.server";
import type { Env } from "../env.server";

/** The /dev mailbox exists only with local providers (design.md 3); elsewhere it is not found. */
export function requireLocalProviders(env: Env) {
  if (!env.localProviders) throw data(null, { status: 404 });
}

export async function listMailbox(db: Database, options: { to?: string; limit?: number } = {}) {
  return db
    .select()
    .from(emailOutbox)
    .where(options.to ? eq(emailOutbox.toAddress, options.to.toLowerCase()) : undefined)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(options.limit ?? 100);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getMailboxMessage(db: Database, id: string) {
  if (!UUID.test(id)) return null;
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row ?? null;
}

/** Every http(s) link in a plain-text email, in order, without repeats. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s\]>)]+/g) ?? [])];
}
