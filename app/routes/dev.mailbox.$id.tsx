import { data, Link } from "react-router";

import { PageHeading } from "~/components/ui/page-heading";
import { seo } from "~/lib/seo";
import { getMailboxMessage, linksIn } from "~/server/email/mailbox.server";
import { localDevRoute } from "~/server/http/guards.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/dev.mailbox.$id";

export const middleware = [localDevRoute()];

export async function loader({ context, params }: Route.LoaderArgs) {
  const { database } = appServices(context);
  const message = await getMailboxMessage(database.db, params.id);
  if (!message) throw data(null, { status: 404 });
  return {
    message: {
      id: message.id,
      to: message.toAddress,
      replyTo: message.replyTo,
      subject: message.subject,
      template: message.template,
      status: message.status,
      headers: message.headers,
      text: message.text,
      createdAt: message.createdAt.toISOString(),
      attachments: message.attachments.map((attachment) => ({ filename: attachment.filename, contentType: attachment.contentType })),
    },
    links: linksIn(message.text),
  };
}

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Mailbox", noIndex: true });

export default function MailboxMessagePage({ loaderData: { message, links } }: Route.ComponentProps) {
  return (
    <>
      <PageHeading title={message.subject} />
      <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10">
        <Link to="/dev/mailbox" className="text-sm text-gold-dark underline">
          Back to the mailbox
        </Link>
        <dl className="grid gap-1 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="font-semibold">To</dt>
          <dd>{message.to}</dd>
          {message.replyTo && (
            <>
              <dt className="font-semibold">Reply-To</dt>
              <dd>{message.replyTo}</dd>
            </>
          )}
          <dt className="font-semibold">Template</dt>
          <dd>{message.template}</dd>
          {Object.entries(message.headers).map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="font-semibold">{name}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
          {message.attachments.length > 0 && (
            <>
              <dt className="font-semibold">Attachments</dt>
              <dd>
                <ul>
                  {message.attachments.map((attachment, index) => (
                    <li key={index}>
                      <a href={`/dev/mailbox/${message.id}/attachments/${index}`} download={attachment.filename} className="text-gold-dark underline">
                        {attachment.filename}
                      </a>{" "}
                      <span className="text-ink/75">({attachment.contentType.split(";")[0]})</span>
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          )}
        </dl>
        {links.length > 0 && (
          <section aria-label="Links in this email">
            <h2 className="text-lg font-semibold">Links</h2>
            <ul className="mt-2 grid gap-2">
              {links.map((link) => (
                <li key={link}>
                  <a href={link} className="break-all text-gold-dark underline">
                    {link}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
        {/* Its links (a verification link runs to some 250 characters) break anywhere rather than widen the page. */}
        <pre className="rounded-lg bg-mist p-4 font-sans text-sm wrap-anywhere whitespace-pre-wrap">{message.text}</pre>
        <a href={`/dev/mailbox/${message.id}/html`} className="text-gold-dark underline">
          View HTML
        </a>
      </div>
    </>
  );
}
