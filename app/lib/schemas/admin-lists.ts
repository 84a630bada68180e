import { z } from "zod";

/** `?after=<id>` of a paged admin list, kept newest first: the last row already shown. */
const AfterSchema = z.uuid();

/** The page a list's address asks for: the rows after the one named; a malformed `after` is ignored and the newest page shown. */
export function pageAfter(url: URL): string | undefined {
  const parsed = AfterSchema.safeParse(url.searchParams.get("after"));
  return parsed.success ? parsed.data : undefined;
}

/** Where the next (older) page of a full page starts: after its last row; null when this page was the last. */
export function olderPageAfter(rows: readonly { id: string }[], pageSize: number): string | null {
  return rows.length === pageSize ? rows[rows.length - 1].id : null;
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
