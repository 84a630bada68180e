import { Link } from "react-router";

const initials = (name: string) =>
  name
    .replace(/^Dr\.?\s+/, "")
    .split(/\s+/)
    .map((part) => part[0])
    .join("");

/** Who teaches the course, with a way to read their profiles. */
export function CourseInstructors({ instructors }: { instructors: readonly { name: string; role: string }[] }) {
  return (
    <section aria-labelledby="instructors-heading">
      <h2 id="instructors-heading" className="text-2xl font-semibold sm:text-3xl">
        Your instructors
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {instructors.map((instructor) => (
          <li key={instructor.name} className="flex items-center gap-4 rounded-xl border border-navy/10 p-4">
            <span
              aria-hidden="true"
              className="flex size-12 shrink-0 items-center justify-center rounded-full bg-navy font-display text-lg font-semibold text-gold"
            >
              {initials(instructor.name)}
            </span>
            <div>
              <p className="font-semibold text-navy">{instructor.name}</p>
              <p className="text-sm text-ink/70">{instructor.role}</p>
            </div>
          </li>
        ))}
      </ul>
      <Link
        to="/instructors"
        className="mt-4 inline-flex min-h-11 items-center text-sm font-semibold text-gold-dark underline decoration-gold/50 underline-offset-4 hover:text-navy"
      >
        Meet our instructors
      </Link>
    </section>
  );
}
