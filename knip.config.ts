import type { KnipConfig } from "knip";

const config: KnipConfig = {
  entry: ["scripts/*.{ts,mjs}", "scripts/media/*.ts"],
  project: ["app/**/*.{ts,tsx,css}", "server/**/*.{ts,js}", "scripts/**/*.{ts,mjs}", "tests/**/*.{ts,tsx}"],
  // The stylesheet's @import lines and url()s name packages (Tailwind, the font files) as much as any import in code.
  compilers: {
    css: (text: string) =>
      [
        ...[...text.matchAll(/(?<=@)import[^;]+/g)].map(([line]) => line),
        ...[...text.matchAll(/url\("(@[^"]+)"\)/g)].map(([, file]) => `import "${file}"`),
      ].join("\n"),
  },
};

export default config;
