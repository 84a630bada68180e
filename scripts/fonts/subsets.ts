/*
 * What the preloaded font files hold (scripts/fonts/build-fonts.ts cuts them):
 * printable ASCII and the marks the site's copy uses, at the weights its styles use.
 * tests/unit/fonts.test.ts checks that every character of the copy is here.
 */
export const CORE_CHARACTERS = Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCharCode(0x20 + index)).join("") + "\u00a0£©®°·×é–—‘’“”•…€™−";

/** font-normal to font-bold: the only weights the stylesheet sets. */
export const FONT_WEIGHTS = { min: 400, max: 700 };

/** fontsource's Latin subset, which the core and the rest of Latin split between them. */
export const LATIN_RANGE =
  "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD";

/** Code points as a CSS unicode-range: runs of neighbours become "U+0020-007E". */
export function unicodeRange(points: number[]): string {
  const sorted = [...new Set(points)].sort((a, b) => a - b);
  const parts: string[] = [];
  const hex = (point: number) => point.toString(16).toUpperCase().padStart(4, "0");
  for (let index = 0; index < sorted.length; index++) {
    const start = sorted[index];
    while (index + 1 < sorted.length && sorted[index + 1] === sorted[index] + 1) index++;
    parts.push(sorted[index] === start ? `U+${hex(start)}` : `U+${hex(start)}-${hex(sorted[index])}`);
  }
  return parts.join(", ");
}

/** The code points of a CSS unicode-range such as "U+0000-00FF, U+0131". */
export function codePoints(range: string): number[] {
  return range.split(",").flatMap((part) => {
    const [start, end = start] = part.trim().replace("U+", "").split("-");
    const from = parseInt(start, 16);
    return Array.from({ length: parseInt(end, 16) - from + 1 }, (_, index) => from + index);
  });
}
