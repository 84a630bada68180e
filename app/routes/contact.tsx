import { Clock, GraduationCap, type LucideIcon, Mail, MapPin } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { ContactForm } from "~/components/forms/contact-form";
import { PageHeading } from "~/components/ui/page-heading";
import { CONTACT } from "~/content/contact";
import { SITE } from "~/content/site";
import { mailtoHref } from "~/lib/mailto";
import { organizationJsonLd, seo } from "~/lib/seo";
import { publicFormPageAction } from "~/server/http/form-endpoints.server";
import { publicRoute } from "~/server/http/guards.server";
import { CONTACT_FORM } from "~/server/marketing/public-forms.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/contact";

export const middleware = [publicRoute()];

function contactPageJsonLd(siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "ContactPage",
    name: CONTACT.title,
    url: `${siteUrl}/contact`,
    mainEntity: {
      ...organizationJsonLd(siteUrl),
      contactPoint: {
        "@type": "ContactPoint",
        contactType: "customer support",
        email: SITE.generalEmail,
        availableLanguage: ["English"],
      },
    },
  };
}

/** The page's structured data, built here so that the organisation's details and their builder stay off the page's scripts. */
export function loader({ context }: Route.LoaderArgs) {
  return { structuredData: contactPageJsonLd(appServices(context).env.siteUrl) };
}

/** The contact form without scripts (off, or not loaded): sent as its JSON endpoint sends it, answered on this page. */
export function action(args: Route.ActionArgs) {
  return publicFormPageAction(args, CONTACT_FORM);
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: CONTACT.title,
    description: CONTACT.description,
    keywords: ["contact Global Implant Institute", "dental implant course enquiries", "Dubai Healthcare City"],
    structuredData: args.loaderData?.structuredData,
  });

const cardClass = "rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/5 sm:p-8";

function Channel({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-gold-light text-gold-dark">
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0 pt-0.5">{children}</div>
    </li>
  );
}

const labelClass = "font-semibold text-navy";

export default function ContactPage({ actionData }: Route.ComponentProps) {
  const { connect, form } = CONTACT;
  return (
    <>
      <PageHeading title={CONTACT.title} intro={CONTACT.intro} />
      <div className="bg-mist">
        <div className="mx-auto grid max-w-7xl items-start gap-6 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-8 lg:px-8">
          <section aria-labelledby="connect-heading" className={cardClass}>
            <h2 id="connect-heading" className="text-2xl font-semibold sm:text-3xl">
              {connect.heading}
            </h2>
            <p className="mt-3 text-ink/75">{connect.intro}</p>
            <ul className="mt-8 space-y-6">
              <Channel icon={Mail}>
                <p className={labelClass}>{connect.email.label}</p>
                <a
                  href={mailtoHref(connect.email.address)}
                  className="inline-flex min-h-11 items-center [overflow-wrap:anywhere] text-gold-dark underline decoration-gold/50 underline-offset-2 hover:decoration-gold-dark"
                >
                  {connect.email.address}
                </a>
              </Channel>
              <Channel icon={GraduationCap}>
                <Link
                  to={connect.bookings.href}
                  className={`${labelClass} inline-flex min-h-11 items-center underline decoration-gold/50 underline-offset-4 hover:text-gold-dark`}
                >
                  {connect.bookings.label}
                </Link>
                <p className="text-ink/75">{connect.bookings.text}</p>
              </Channel>
              <Channel icon={MapPin}>
                <p className={labelClass}>{connect.location.label}</p>
                <address className="mt-1 text-ink/75 not-italic">
                  {connect.location.lines.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              </Channel>
            </ul>
            <p className="mt-8 flex items-start gap-3 rounded-xl bg-mist p-4 text-sm text-ink/80">
              <Clock aria-hidden className="mt-0.5 size-4 shrink-0 text-gold-dark" />
              <span>
                {/* Kept on one line: a phone would otherwise break "24-" from "48". */}
                {connect.replyNote.lead} <span className="whitespace-nowrap">{connect.replyNote.window}</span>.
              </span>
            </p>
          </section>

          <section aria-labelledby="message-heading" className={cardClass}>
            <h2 id="message-heading" className="text-2xl font-semibold sm:text-3xl">
              {form.heading}
            </h2>
            <p className="mt-3 text-ink/75">{form.intro}</p>
            <ContactForm className="mt-8" answer={actionData} />
          </section>
        </div>
      </div>
    </>
  );
}
