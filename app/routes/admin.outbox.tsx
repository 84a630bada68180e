import { data, Form, useNavigation } from "react-router";

import { AdminSection, AdminTable, TD, TEXT_TD, When } from "~/components/admin/admin-list";
import { Button } from "~/components/ui/button";
import { OutboxRetrySchema } from "~/lib/schemas/admin-lists";
import { firstIssueMessage } from "~/lib/schemas/fields";
import { seo } from "~/lib/seo";
import { listDeadLetters, outboxCounts, retryAllDeadLetters, retryDeadLetter } from "~/server/admin/outbox.server";
import { MAX_ATTEMPTS } from "~/server/email/worker.server";
import { adminRoute, signedInUser } from "~/server/http/guards.server";
import { readFormData } from "~/server/http/request-bodies.server";
import { refusalOf } from "~/server/http/responses.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/admin.outbox";

export const middleware = [adminRoute()];

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Email outbox", noIndex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const db = appServices(context).database.db;
  const [counts, deadLetters] = await Promise.all([outboxCounts(db), listDeadLetters(db)]);
  return {
    counts,
    maxAttempts: MAX_ATTEMPTS,
    // Template, recipient and subject only: bodies carry reset and confirmation links.
    deadLetters: deadLetters.map((email) => ({
      id: email.id,
      template: email.template,
      to: email.toAddress,
      subject: email.subject,
      attempts: email.attempts,
      lastError: email.lastError,
      queuedAt: email.createdAt.toISOString(),
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const parsed = OutboxRetrySchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return data({ error: firstIssueMessage(parsed.error), notice: null }, 400);
  const db = appServices(context).database.db;
  const actor = await signedInUser(args);
  try {
    if (parsed.data.intent === "retry-all") {
      const retried = await retryAllDeadLetters(db, actor);
      return { error: null, notice: `${retried} ${retried === 1 ? "email" : "emails"} queued again.` };
    }
    await retryDeadLetter(db, actor, parsed.data.id);
    return { error: null, notice: "Email queued again." };
  } catch (error) {
    const { status, message } = refusalOf(error);
    return data({ error: message, notice: null }, status);
  }
}

function RetryForm({ intent, id, label, subject }: { intent: "retry" | "retry-all"; id?: string; label: string; subject?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent && (id === undefined || navigation.formData?.get("id") === id);
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {id && <input type="hidden" name="id" value={id} />}
      <Button type="submit" variant="outline" size="sm" disabled={busy} aria-label={subject ? `${label}: ${subject}` : label}>
        {label}
      </Button>
    </Form>
  );
}

export default function AdminOutbox({ loaderData, actionData }: Route.ComponentProps) {
  const { counts, deadLetters, maxAttempts } = loaderData;
  return (
    <AdminSection
      title="Email outbox"
      count={`${counts.pending + counts.sending} waiting · ${counts.sent} sent · ${counts.failed} failed`}
      actions={deadLetters.length > 0 ? <RetryForm intent="retry-all" label="Retry all" /> : undefined}
    >
      {actionData?.error && (
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
          {actionData.error}
        </p>
      )}
      {actionData?.notice && (
        <p role="status" className="mb-4 rounded-md border border-green-200 bg-green-50 p-3 text-sm font-medium text-green-800">
          {actionData.notice}
        </p>
      )}
      <p className="mb-4 text-sm text-ink/70">
        Emails are retried with growing pauses; after {maxAttempts} failed attempts they stop here until you retry them.
      </p>
      {deadLetters.length === 0 ? (
        <p className="text-ink/70">No failed emails.</p>
      ) : (
        <AdminTable
          label="Failed emails"
          minWidthClass="min-w-[60rem]"
          headings={[
            "Email",
            "To",
            "Subject",
            "Attempts",
            "Last error",
            "Queued",
            <span key="actions" className="sr-only">
              Actions
            </span>,
          ]}
        >
          {deadLetters.map((email) => (
            <tr key={email.id} data-testid="dead-letter">
              <td className={`${TD} font-mono text-xs`}>{email.template}</td>
              <td className={`${TD} break-all`}>{email.to}</td>
              <td className={TEXT_TD}>{email.subject}</td>
              <td className={TD}>{email.attempts}</td>
              <td className={`${TEXT_TD} max-w-xs text-ink/80`}>{email.lastError ?? "—"}</td>
              <td className={`${TD} whitespace-nowrap`}>
                <When value={email.queuedAt} />
              </td>
              <td className={TD}>
                <RetryForm intent="retry" id={email.id} label="Retry" subject={email.subject} />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminSection>
  );
}
