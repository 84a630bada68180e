import { z } from "zod";

/** PostgreSQL's timestamps have no year 0: an earlier time cannot even be compared with one. */
const EARLIEST_STORABLE_TIME = new Date("0001-01-01T00:00:00Z");

/** `?before=<iso time>` of a paged admin list: the oldest time already shown. */
const BeforeSchema = z.iso
  .datetime({ offset: true })
  .transform((value) => new Date(value))
  .pipe(z.date().min(EARLIEST_STORABLE_TIME));

/** The page a list's address asks for; a malformed `before`, or one no row can be older than, is ignored and the newest page shown. */
export function pageBefore(url: URL): Date | undefined {
  const parsed = BeforeSchema.safeParse(url.searchParams.get("before"));
  return parsed.success ? parsed.data : undefined;
}

/** Where the next (older) page of a full page starts: its last row's time; null when this page was the last. */
export function olderPageBefore(rows: readonly { createdAt: Date }[], pageSize: number): string | null {
  return rows.length === pageSize ? rows[rows.length - 1].createdAt.toISOString() : null;
}

/** The inbox's per-message form: mark one message read or unread. */
export const InboxMarkSchema = z.object({
  intent: z.enum(["read", "unread"], { error: "Unknown action." }),
  id: z.uuid({ error: "Unknown message." }),
});

/** The email outbox's forms: retry one dead letter, or all of them. */
export const OutboxRetrySchema = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("retry"), id: z.uuid({ error: "Unknown email." }) }), z.object({ intent: z.literal("retry-all") })],
  { error: "Unknown action." },
);
