import type { ReactNode } from "react";

import { cn } from "~/lib/cn";

interface SectionHeadingProps {
  /** The heading's id, for the section's aria-labelledby. */
  id: string;
  title: string;
  eyebrow?: string;
  intro?: ReactNode;
  align?: "left" | "center";
  /** "dark" is for headings on a navy background. */
  tone?: "light" | "dark";
  className?: string;
}

/** The eyebrow, serif heading and intro that open each page section. */
export function SectionHeading({ id, title, eyebrow, intro, align = "left", tone = "light", className }: SectionHeadingProps) {
  return (
    <div className={cn("max-w-3xl", align === "center" && "mx-auto text-center", className)}>
      {eyebrow && <p className={cn("text-xs font-semibold tracking-[0.2em] uppercase", tone === "dark" ? "text-gold" : "text-gold-dark")}>{eyebrow}</p>}
      <h2 id={id} className={cn("mt-3 text-3xl leading-tight font-semibold sm:text-4xl", tone === "dark" ? "text-white" : "text-navy")}>
        {title}
      </h2>
      {intro && <p className={cn("mt-5 text-base leading-relaxed sm:text-lg", tone === "dark" ? "text-white/80" : "text-ink/75")}>{intro}</p>}
    </div>
  );
}
