import { Link } from "react-router";

import { PageHeading } from "~/components/ui/page-heading";
import type { LegalBlock, LegalDocument, RichText } from "~/content/legal";

const linkClass = "font-medium text-gold-dark underline decoration-gold/50 underline-offset-2 hover:decoration-gold-dark";

function Rich({ content }: { content: RichText }) {
  return content.map((part, index) => {
    if (typeof part === "string") return part;
    // Site pages go through the router; mail and other sites are plain anchors.
    return part.href.startsWith("/") ? (
      <Link key={index} to={part.href} className={linkClass}>
        {part.text}
      </Link>
    ) : (
      <a key={index} href={part.href} className={linkClass} {...(part.href.startsWith("http") ? { rel: "noopener noreferrer", target: "_blank" } : {})}>
        {part.text}
      </a>
    );
  });
}

function Block({ block }: { block: LegalBlock }) {
  switch (block.type) {
    case "paragraph":
      return (
        <p>
          <Rich content={block.content} />
        </p>
      );
    case "list":
      return (
        <ul className="list-disc space-y-2 pl-6 marker:text-gold">
          {block.items.map((item, index) => (
            <li key={index}>
              <Rich content={item} />
            </li>
          ))}
        </ul>
      );
    case "definitions":
      return (
        <dl className="space-y-3">
          {block.items.map((item) => (
            <div key={item.term}>
              <dt className="inline font-semibold text-navy">{item.term}: </dt>
              <dd className="inline">
                <Rich content={item.content} />
              </dd>
            </div>
          ))}
        </dl>
      );
  }
}

/** A numbered legal page: heading band with the date, a contents list, then the sections. */
export function LegalDocumentPage({ doc }: { doc: LegalDocument }) {
  return (
    <>
      <PageHeading title={doc.title} intro={doc.lastUpdated} />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-16 lg:px-8">
        <nav aria-label="Contents" className="lg:sticky lg:top-[calc(var(--header-height)+2rem)] lg:self-start">
          <h2 className="font-sans text-xs font-semibold tracking-widest text-gold-dark uppercase">Contents</h2>
          <ol className="mt-4 space-y-1 border-l border-ink/10 text-sm">
            {doc.sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="-ml-px flex min-h-11 items-center border-l-2 border-transparent py-1 pl-4 text-ink/75 hover:border-gold hover:text-navy lg:min-h-9"
                >
                  <span className="w-7 shrink-0 text-gold-dark tabular-nums">{index + 1}.</span>
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <article className="max-w-[70ch] text-base leading-relaxed text-ink/85">
          <p className="text-lg text-ink">
            <Rich content={doc.intro} />
          </p>
          {doc.sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="mt-12 scroll-mt-6">
              <h2 id={`${section.id}-heading`} className="flex gap-3 text-2xl font-semibold sm:text-3xl">
                <span className="text-gold-dark tabular-nums">{index + 1}.</span>
                <span>{section.heading}</span>
              </h2>
              <div className="mt-4 space-y-4">
                {section.blocks.map((block, blockIndex) => (
                  <Block key={blockIndex} block={block} />
                ))}
              </div>
            </section>
          ))}
        </article>
      </div>
    </>
  );
}
