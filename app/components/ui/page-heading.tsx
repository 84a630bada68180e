import type { ReactNode } from "react";

/** The title band at the top of inner pages. */
export function PageHeading({ title, intro }: { title: string; intro?: ReactNode }) {
  return (
    <div className="bg-navy">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <h1 className="text-4xl font-semibold text-white sm:text-5xl">{title}</h1>
        {intro && <p className="mt-4 max-w-3xl text-lg text-white/80">{intro}</p>}
      </div>
    </div>
  );
}
