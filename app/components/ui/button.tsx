import type { ComponentProps } from "react";
import { Link, type LinkProps } from "react-router";

import { cn } from "~/lib/cn";

// No class here sets what a variant or size sets: classes are joined, not merged (see cn).
const BASE =
  "inline-flex items-center justify-center rounded-md font-semibold tracking-wide transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-60";

const VARIANTS = {
  // Navy on gold reads at 6:1; white on this gold would not pass WCAG AA.
  primary: "bg-gold text-navy hover:bg-gold-bright",
  navy: "bg-navy text-white hover:bg-navy-light",
  outline: "border border-gold text-gold-dark hover:bg-gold-light",
  ghost: "text-navy hover:bg-mist",
  // An action that cannot be undone (white on red-700 reads at 6.5:1).
  danger: "bg-red-700 text-white hover:bg-red-800",
  light: "bg-white text-navy hover:bg-gold-light",
  // On a photograph or the navy header.
  outlineOnDark: "border border-white/50 text-white hover:bg-white/10",
};

const SIZES = {
  // Heights are minimums: a label that wraps on a phone grows its button instead of touching its edges.
  md: "min-h-11 gap-2 px-5 py-2 text-sm",
  lg: "min-h-12 gap-2 px-7 py-2 text-base",
  // Compact beside a mouse; 44 px where fingers press it (design 8a).
  sm: "min-h-9 gap-2 px-3 py-1.5 text-sm pointer-coarse:min-h-11",
  // Two lines, an action over what it is for: "Book Now" over a course's dates.
  stacked: "min-h-11 flex-col px-7 py-2 text-base leading-tight",
};

interface ButtonStyle {
  variant?: keyof typeof VARIANTS | null;
  size?: keyof typeof SIZES | null;
}

/**
 * A button's classes: two lookups, written here rather than with a variants
 * library, whose code was a third of a kilobyte of the home page's first load
 * (at its 120 KB budget).
 */
export function buttonVariants({ variant, size }: ButtonStyle = {}) {
  return cn(BASE, VARIANTS[variant ?? "primary"], SIZES[size ?? "md"]);
}

export function Button({ className, variant, size, ...props }: ComponentProps<"button"> & ButtonStyle) {
  return <button className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}

/** A link that looks like a button: where pressing it goes somewhere, not does something. */
export function ButtonLink({ className, variant, size, ...props }: LinkProps & ButtonStyle) {
  return <Link className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
