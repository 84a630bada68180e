import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names. It does not merge Tailwind classes that set the same thing:
 * tailwind-merge's first call costs a phone ~100 ms while the page hydrates, so
 * components are written so that no two of their classes clash (base, variants
 * and a caller's additions each set different things), which the e2e suite
 * checks on every page it visits.
 */
export const cn = (...inputs: ClassValue[]) => clsx(inputs);
