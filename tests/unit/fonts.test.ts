import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

import { describe, expect, it } from "vitest";

import { codePoints, CORE_CHARACTERS, LATIN_RANGE, unicodeRange } from "../../scripts/fonts/subsets";

const root = resolve(import.meta.dirname, "../..");
const faces = readFileSync(resolve(root, "app/fonts/faces.css"), "utf8");

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** The unicode-range of each @font-face in faces.css, by its file. */
function rangesByFile(): Map<string, Set<number>> {
  const ranges = new Map<string, Set<number>>();
  for (const [, file, range] of faces.matchAll(/url\("\.\/([\w-]+\.woff2)"\)[^}]*unicode-range:\s*([^;]+);/g)) ranges.set(file, new Set(codePoints(range)));
  return ranges;
}

describe("the fonts cut for the site's copy", () => {
  const latin = new Set(codePoints(LATIN_RANGE));
  const core = new Set([...CORE_CHARACTERS].map((character) => character.codePointAt(0)!));

  it("hold every Latin character the site's own text uses, so a page paints with the preloaded file", () => {
    const missing = new Map<string, string>();
    for (const file of [...sourceFiles(resolve(root, "app")), resolve(root, "scripts/seed.ts")]) {
      for (const character of readFileSync(file, "utf8")) {
        const point = character.codePointAt(0)!;
        if (latin.has(point) && point >= 0x20 && !core.has(point)) missing.set(character, file.slice(root.length + 1));
      }
    }
    expect([...missing].map(([character, file]) => `${character} (U+${character.codePointAt(0)!.toString(16)}) in ${file}`)).toEqual([]);
  });

  it("are what scripts/fonts/build-fonts.ts writes from scripts/fonts/subsets.ts", () => {
    const coreRange = unicodeRange([...latin].filter((point) => core.has(point)));
    const restRange = unicodeRange([...latin].filter((point) => !core.has(point)));
    const ranges = rangesByFile();
    for (const face of ["inter", "playfair-display"]) {
      expect(unicodeRange([...ranges.get(`${face}-core.woff2`)!]), face).toBe(coreRange);
      expect(unicodeRange([...ranges.get(`${face}-latin.woff2`)!]), face).toBe(restRange);
    }
  });

  it("keep the preloaded file small: under half of fontsource's whole Latin file", () => {
    const whole = statSync(resolve(root, "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2")).size;
    expect(statSync(resolve(root, "app/fonts/inter-core.woff2")).size).toBeLessThan(whole / 2);
  });
});
