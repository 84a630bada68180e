// npm run fonts:build : cuts the two faces (fontsource's variable Latin files) into what
// the site's copy uses and the rest, and writes app/fonts/ (the woff2 files and
// faces.css, which app.css imports). The output is committed, like the media.
//
// A page paints with one small preloaded file per face: printable ASCII and the
// few marks the copy uses, at the weights the styles use (400 to 700). Any other
// Latin letter, in a name typed into the back office, comes from a second file
// the browser fetches only for a page that has one; Latin Extended is fontsource's own.
import { readFile, writeFile } from "node:fs/promises";
import { resolve } from "node:path";

import { format } from "prettier";
import subsetFont from "subset-font";

import { codePoints, CORE_CHARACTERS, FONT_WEIGHTS, LATIN_RANGE, unicodeRange } from "./subsets";

const root = resolve(import.meta.dirname, "../..");
const outDir = resolve(root, "app/fonts");

const FACES = [
  { family: "Inter Variable", file: "inter" },
  { family: "Playfair Display Variable", file: "playfair-display" },
];

const core = new Set([...CORE_CHARACTERS].map((character) => character.codePointAt(0)!));
const latin = codePoints(LATIN_RANGE);
const coreInLatin = latin.filter((point) => core.has(point));
const rest = latin.filter((point) => !core.has(point));
const axes = { wght: { min: FONT_WEIGHTS.min, max: FONT_WEIGHTS.max } };

let css = "/* Written by scripts/fonts/build-fonts.ts (npm run fonts:build): edit scripts/fonts/subsets.ts and run it again. */\n";
for (const face of FACES) {
  const source = await readFile(resolve(root, `node_modules/@fontsource-variable/${face.file}/files/${face.file}-latin-wght-normal.woff2`));
  for (const [part, points] of [
    ["core", coreInLatin],
    ["latin", rest],
  ] as const) {
    const text = String.fromCodePoint(...points);
    const subset = await subsetFont(source, text, { targetFormat: "woff2", variationAxes: axes });
    const name = `${face.file}-${part}.woff2`;
    await writeFile(resolve(outDir, name), subset);
    console.log(`${name}: ${(subset.length / 1024).toFixed(1)} KB (from ${(source.length / 1024).toFixed(1)} KB)`);
    css += `@font-face {
  font-family: "${face.family}";
  font-style: normal;
  font-display: swap;
  font-weight: ${FONT_WEIGHTS.min} ${FONT_WEIGHTS.max};
  src: url("./${name}") format("woff2-variations");
  unicode-range: ${unicodeRange(points)};
}
`;
  }
}
await writeFile(resolve(outDir, "faces.css"), await format(css, { parser: "css", printWidth: 160 }));
console.log("app/fonts/faces.css written.");
