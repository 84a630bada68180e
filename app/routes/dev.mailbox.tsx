import { Link } from "react-router";

import { When } from "~/components/admin/admin-list";
import { PageHeading } from "~/components/ui/page-heading";
import { seo } from "~/lib/seo";
import { listMailbox } from "~/server/email/mailbox.server";
import { localDevRoute } from "~/server/http/guards.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/dev.mailbox";

export const middleware = [localDevRoute()];

export async function loader({ context }: Route.LoaderArgs) {
  const { database } = appServices(context);
  const messages = await listMailbox(database.db);
  return {
    messages: messages.map(({ id, toAddress, subject, template, status, createdAt }) => ({
      id,
      toAddress,
      subject,
      template,
      status,
      createdAt: createdAt.toISOString(),
    })),
  };
}

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Mailbox", noIndex: true });

export default function MailboxPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading title="Mailbox" intro="Every email the site has sent, kept here because no mail server is configured." />
      <div className="mx-auto max-w-5xl px-4 py-10">
        {loaderData.messages.length === 0 ? (
          <p>No emails yet.</p>
        ) : (
          <ul className="divide-y divide-ink/10 rounded-lg border border-ink/10">
            {loaderData.messages.map((message) => (
              <li key={message.id}>
                <Link to={`/dev/mailbox/${message.id}`} className="grid gap-1 p-4 hover:bg-mist sm:grid-cols-[1fr_auto]">
                  <span>
                    <span className="block font-semibold text-navy">{message.subject}</span>
                    <span className="block text-sm text-ink/70">
                      To {message.toAddress} · {message.template}
                    </span>
                  </span>
                  <span className="text-sm text-ink/70">
                    {/* London time, named: the same on the server and in the browser, so the page hydrates cleanly. */}
                    <When value={new Date(message.createdAt).toISOString()} /> · {message.status}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
