import type { ReactNode } from "react";

import { cn } from "~/lib/cn";

/** One titled section of the account page. */
export function AccountCard({
  id,
  title,
  description,
  children,
  className,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={cn("rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/10 sm:p-8", className)}>
      <h2 id={id} className="text-2xl font-semibold">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-ink/70">{description}</p>}
      <div className="mt-6">{children}</div>
    </section>
  );
}
