import { PageHeading } from "~/components/ui/page-heading";
import { appServices } from "~/server/context.server";
import { listContactMessages } from "~/server/contact.server";
import { requireAdmin } from "~/server/session.server";
import type { Route } from "./+types/admin._index";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const messages = await listContactMessages(appServices(context).database.db);
  return {
    messages: messages.map((message) => ({ ...message, createdAt: message.createdAt.toISOString() })),
  };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading title="Admin Dashboard" />
      <div className="mx-auto max-w-5xl px-4 py-10">
        <section aria-labelledby="inbox-heading">
          <h2 id="inbox-heading" className="text-2xl font-semibold">
            Messages
          </h2>
          {loaderData.messages.length === 0 ? (
            <p className="mt-4 text-ink/70">No messages yet.</p>
          ) : (
            <ul className="mt-4 grid gap-4">
              {loaderData.messages.map((message) => (
                <li key={message.id} className="rounded-lg border border-ink/10 p-4">
                  <p className="font-semibold text-navy">{message.subject}</p>
                  <p className="text-sm text-ink/70">
                    {message.name} ·{" "}
                    <a href={`mailto:${message.email}`} className="underline">
                      {message.email}
                    </a>{" "}
                    · {new Date(message.createdAt).toLocaleString("en-GB")}
                  </p>
                  {/* Shown as text: whatever was typed, markup included, is never run. */}
                  <p className="mt-2 whitespace-pre-wrap break-words">{message.message}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
