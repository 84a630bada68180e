import { AdminSection, PageLinks, When } from "~/components/admin/admin-list";
import { fieldChanges } from "~/lib/audit-diff";
import { olderPageAfter, pageAfter } from "~/lib/schemas/admin-lists";
import { seo } from "~/lib/seo";
import { auditLog } from "~/server/admin/audit.server";
import { adminRoute } from "~/server/http/guards.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/admin.audit-log";

export const middleware = [adminRoute()];

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Audit log", noIndex: true });

const PAGE_SIZE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  const after = pageAfter(new URL(request.url));
  const entries = await auditLog(appServices(context).database.db, { limit: PAGE_SIZE, after });
  return {
    paged: after !== undefined,
    entries: entries.map((entry) => ({
      id: entry.id,
      at: entry.createdAt.toISOString(),
      actor: entry.actorEmail,
      action: entry.action,
      summary: entry.summary,
      changes: fieldChanges(entry.before, entry.after),
    })),
    olderAfter: olderPageAfter(entries, PAGE_SIZE),
  };
}

type Change = Route.ComponentProps["loaderData"]["entries"][number]["changes"][number];

function ChangeLine({ change }: { change: Change }) {
  return (
    <li className="break-words">
      <span className="font-semibold text-navy">{change.label}</span>{" "}
      {change.kind === "added" && (
        <>
          <span className="text-ink/75">added:</span> {change.after}
        </>
      )}
      {change.kind === "removed" && (
        <>
          <span className="text-ink/75">removed (was</span> <del>{change.before}</del>
          <span className="text-ink/75">)</span>
        </>
      )}
      {change.kind === "changed" && (
        <>
          <del className="text-ink/75">{change.before}</del> <span aria-hidden="true">→</span>
          <span className="sr-only">changed to</span> {change.after}
        </>
      )}
    </li>
  );
}

export default function AdminAuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, olderAfter, paged } = loaderData;
  return (
    <AdminSection title="Audit log">
      {entries.length === 0 ? (
        <p className="text-ink/70">{paged ? "No older entries." : "Nothing recorded yet."}</p>
      ) : (
        <ol className="grid gap-3" aria-label="Audit log entries">
          {entries.map((entry) => (
            <li key={entry.id} data-testid="audit-entry" className="rounded-lg border border-navy/10 bg-white p-4">
              <p className="font-semibold break-words text-navy">{entry.summary}</p>
              <p className="mt-1 text-sm break-words text-ink/70">
                <When value={entry.at} /> · {entry.actor} · <code className="text-xs">{entry.action}</code>
              </p>
              {entry.changes.length > 0 && (
                <ul aria-label="Changes" className="mt-2 grid gap-1 border-l-2 border-gold pl-3 text-sm">
                  {entry.changes.map((change) => (
                    <ChangeLine key={change.field} change={change} />
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      <PageLinks path="/admin/audit-log" noun="entries" paged={paged} olderAfter={olderAfter} />
    </AdminSection>
  );
}
