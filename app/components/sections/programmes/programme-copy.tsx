import { Check, GraduationCap } from "lucide-react";

import type { Programme } from "~/content/programmes";

function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="mt-3 grid gap-2.5">
      {items.map((item) => (
        <li key={item} className="flex gap-2.5 text-sm leading-relaxed text-ink/85">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** What a programme card says of its course (spec 2): the format, description, inclusions and objectives. */
export function ProgrammeCopy({ programme, headingId }: { programme: Programme; headingId: string }) {
  return (
    <>
      <p className="text-xs font-semibold tracking-[0.2em] text-gold-dark uppercase">{programme.eyebrow}</p>
      <h2 id={headingId} className="mt-2 text-2xl font-semibold sm:text-3xl">
        {programme.name}
      </h2>
      <ul aria-label="Format" className="mt-4 flex flex-wrap gap-2">
        {programme.format.map((fact) => (
          <li key={fact} className="rounded-full border border-navy/15 bg-mist px-3 py-1 text-xs font-medium text-navy">
            {fact}
          </li>
        ))}
      </ul>
      <p className="mt-5 leading-relaxed text-ink/85">{programme.description}</p>

      <div className="mt-7 grid gap-7 sm:grid-cols-2">
        <div>
          <h3 className="font-sans text-sm font-semibold tracking-wider text-navy uppercase">What's included</h3>
          <CheckList items={programme.inclusions} />
          {programme.footnote && <p className="mt-3 text-xs text-ink/70">{programme.footnote}</p>}
        </div>
        <div>
          <h3 className="font-sans text-sm font-semibold tracking-wider text-navy uppercase">Learning objectives</h3>
          <ul className="mt-3 grid gap-2.5">
            {programme.objectives.map((objective) => (
              <li key={objective} className="flex gap-2.5 text-sm leading-relaxed text-ink/85">
                <GraduationCap aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
                <span>{objective}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </>
  );
}
