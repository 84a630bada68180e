import type { ReactNode } from "react";
import { Link } from "react-router";

// The zone is named (GMT or BST): staff in Dubai would otherwise read a London time as their own.
const WHEN = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZoneName: "short",
  timeZone: "Europe/London",
});
const DAY = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "Europe/London" });

/** A time in the back office: London time, named as such, the same on the server and in the browser. */
export function When({ value, dateOnly = false }: { value: string; dateOnly?: boolean }) {
  return <time dateTime={value}>{(dateOnly ? DAY : WHEN).format(new Date(value))}</time>;
}

/**
 * Every back-office page's body: a heading with a count, its actions (a CSV download), then the page.
 * The admin menu's width and margins, so the menu and the heading start at one edge on every page.
 */
export function AdminSection({ title, count, actions, children }: { title: ReactNode; count?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="flex flex-wrap items-baseline gap-x-3 text-3xl font-semibold text-navy">
          {title}
          {count !== undefined && <span className="font-sans text-base font-medium text-ink/70">{count}</span>}
        </h1>
        {actions}
      </div>
      <div className="mt-6">{children}</div>
    </div>
  );
}

/** The links between pages of a list kept newest first: back to the newest, and on to older ones (olderPageAfter). */
export function PageLinks({ path, noun, paged, olderAfter }: { path: string; noun: string; paged: boolean; olderAfter: string | null }) {
  return (
    <nav aria-label={`More ${noun}`} className="mt-6 flex gap-4 text-sm font-medium">
      {paged && (
        <Link to={path} className="underline">
          Newest {noun}
        </Link>
      )}
      {olderAfter && (
        <Link to={`${path}?after=${encodeURIComponent(olderAfter)}`} className="underline">
          Older {noun}
        </Link>
      )}
    </nav>
  );
}

/** A download link to a list's CSV export (a plain link: the browser saves the file). */
export function CsvLink({ href, label = "Download CSV" }: { href: string; label?: string }) {
  return (
    <a
      href={href}
      download
      className="inline-flex min-h-11 items-center rounded-md border border-navy px-4 text-sm font-semibold text-navy hover:bg-navy hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark"
    >
      {label}
    </a>
  );
}

const TH = "px-3 py-2 text-left text-xs font-semibold tracking-wide text-ink/70 uppercase whitespace-nowrap";
export const TD = "px-3 py-2 align-top text-sm";
/**
 * A cell of text someone typed (a name, a subject, an error): a long unbroken
 * word wraps inside it rather than widening the table. Not `break-words`: a
 * table sizes its columns by their longest word, which only `anywhere` shortens.
 */
export const TEXT_TD = `${TD} wrap-anywhere`;

/**
 * A back-office list as a table: its column headings, then its rows (cells styled with TD).
 * It scrolls sideways inside its own box on a narrow screen, never the page.
 */
export function AdminTable({
  headings,
  minWidthClass,
  label,
  children,
}: {
  headings: ReactNode[];
  /** A Tailwind min-width (`min-w-[36rem]`) below which the table scrolls rather than squeezes: on a phone, a table without one broke its addresses every few letters. */
  minWidthClass: string;
  label?: string;
  children: ReactNode;
}) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-navy/10 scroll-shadows-x">
      <table className={`w-full ${minWidthClass}`} aria-label={label}>
        <thead className="bg-mist">
          <tr>
            {headings.map((heading, index) => (
              <th key={index} scope="col" className={TH}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-navy/10">{children}</tbody>
      </table>
    </div>
  );
}
