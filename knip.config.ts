import type { KnipConfig } from "knip";

const config: KnipConfig = {
  entry: ["scripts/*.{ts,mjs}", "scripts/media/*.ts"],
  project: ["app/**/*.{ts,tsx,css}", "server/**/*.{ts,js}", "scripts/**/*.{ts,mjs}", "tests/**/*.{ts,tsx}"],
  // The stylesheet's @import lines name packages (Tailwind, the fonts) as much as any import in code.
  compilers: { css: (text: string) => [...text.matchAll(/(?<=@)import[^;]+/g)].join("\n") },
};

export default config;
