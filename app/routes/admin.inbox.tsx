import { data, Form, useNavigation } from "react-router";

import { AdminSection, CsvLink, PageLinks, When } from "~/components/admin/admin-list";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { mailtoHref } from "~/lib/mailto";
import { InboxMarkSchema, olderPageAfter, pageAfter } from "~/lib/schemas/admin-lists";
import { firstIssueMessage } from "~/lib/schemas/fields";
import { seo } from "~/lib/seo";
import { adminRoute, signedInUser } from "~/server/http/guards.server";
import { readFormData } from "~/server/http/request-bodies.server";
import { refusalOf } from "~/server/http/responses.server";
import { listContactMessages, markContactMessage, unreadContactCount } from "~/server/marketing/contact.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/admin.inbox";

export const middleware = [adminRoute()];

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Inbox", noIndex: true });

const PAGE_SIZE = 100;

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = appServices(context).database.db;
  const after = pageAfter(new URL(request.url));
  const [messages, unread] = await Promise.all([listContactMessages(db, { limit: PAGE_SIZE, after }), unreadContactCount(db)]);
  return {
    unread,
    paged: after !== undefined,
    messages: messages.map((message) => ({
      id: message.id,
      name: message.name,
      email: message.email,
      subject: message.subject,
      message: message.message,
      read: message.readAt !== null,
      receivedAt: message.createdAt.toISOString(),
    })),
    olderAfter: olderPageAfter(messages, PAGE_SIZE),
  };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const parsed = InboxMarkSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return data({ error: firstIssueMessage(parsed.error) }, 400);
  try {
    await markContactMessage(appServices(context).database.db, await signedInUser(args), parsed.data.id, parsed.data.intent === "read");
    return { error: null };
  } catch (error) {
    const { status, message } = refusalOf(error);
    return data({ error: message }, status);
  }
}

type Message = Route.ComponentProps["loaderData"]["messages"][number];

function MarkForm({ message }: { message: Message }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === message.id;
  return (
    <Form method="post" className="shrink-0">
      <input type="hidden" name="id" value={message.id} />
      <input type="hidden" name="intent" value={message.read ? "unread" : "read"} />
      <Button type="submit" variant="outline" size="sm" disabled={busy} aria-label={`${message.read ? "Mark as unread" : "Mark as read"}: ${message.subject}`}>
        {message.read ? "Mark as unread" : "Mark as read"}
      </Button>
    </Form>
  );
}

export default function AdminInbox({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, unread, olderAfter, paged } = loaderData;
  return (
    <AdminSection title="Inbox" count={`${unread} unread`} actions={<CsvLink href="/admin/inbox.csv" />}>
      {actionData?.error && (
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
          {actionData.error}
        </p>
      )}
      {messages.length === 0 ? (
        <p className="text-ink/70">{paged ? "No older messages." : "No messages yet."}</p>
      ) : (
        <ul className="grid gap-4" aria-label="Messages">
          {messages.map((message) => (
            <li
              key={message.id}
              data-testid="inbox-message"
              data-read={message.read}
              className={cn("min-w-0 rounded-lg border bg-white p-4", message.read ? "border-ink/10" : "border-l-4 border-gold-dark")}
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className={cn("break-words text-navy", message.read ? "font-medium" : "font-bold")}>
                    {!message.read && <span className="mr-2 rounded bg-gold-dark px-1.5 py-0.5 align-middle text-xs font-semibold text-white">Unread</span>}
                    {message.subject}
                  </p>
                  <p className="mt-1 text-sm break-words text-ink/70">
                    {message.name} ·{" "}
                    <a href={mailtoHref(message.email, { subject: `Re: ${message.subject}` })} className="underline">
                      {message.email}
                    </a>{" "}
                    · <When value={message.receivedAt} />
                  </p>
                </div>
                <MarkForm message={message} />
              </div>
              {/* Shown as text: whatever was typed, markup included, is never run. */}
              <p className="mt-3 break-words whitespace-pre-wrap">{message.message}</p>
            </li>
          ))}
        </ul>
      )}
      <PageLinks path="/admin/inbox" noun="messages" paged={paged} olderAfter={olderAfter} />
    </AdminSection>
  );
}
