import { describe, expect, it } from "vitest";

import { criticalStylesheet } from "../../server/critical-css";

/** A stylesheet shaped as Tailwind writes the site's: layers, faces named through a custom property, registered properties. */
const STYLESHEET = [
  "@layer theme,base,components,utilities;",
  '@font-face{font-family:"Inter Variable";font-display:swap;src:url(/assets/inter.woff2) format("woff2")}',
  '@layer theme{:root{--font-sans:"Inter Variable",sans-serif;--animate-pulse:pulse 2s infinite}}',
  "@layer base{*,:after,:before{box-sizing:border-box;border:0 solid}::placeholder{opacity:1}h1,h2{font-size:inherit}:root{--focus-ring:var(--color-gold-dark)}:focus-visible{outline:2px solid var(--focus-ring);outline-offset:2px}}",
  "@layer utilities{.font-sans{font-family:var(--font-sans)}.border-b{border-bottom-style:var(--tw-border-style);border-bottom-width:1px}",
  ".unused-utility{color:red}.admin-only{display:grid}.animate-pulse{animation:var(--animate-pulse)}",
  ":where(.space-y-4>:not(:last-child)){margin-block-start:1rem}.\\[\\&\\>\\*\\]\\:w-full>*{width:100%}}",
  ".js [data-reveal=hidden]{opacity:0}",
  '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  "@keyframes pulse{50%{opacity:.5}}",
].join("");

const document = (css: string) =>
  `<!DOCTYPE html><html lang="en-GB"><head><style data-precedence="default" data-href="/assets/app-abc.css">${css}</style></head>` +
  `<body class="font-sans"><h1 class="border-b">Our Courses</h1><div class="space-y-4 [&>*]:w-full"><p data-reveal="hidden">Dubai</p></div></body></html>`;

const inlineStylesheet = (html: string) => /<style([^>]*)>([\s\S]*?)<\/style>/.exec(html)!;

describe("the critical stylesheet", () => {
  const critical = criticalStylesheet();

  it("keeps the rules the page's HTML uses, drops the rest, and marks the style element so the whole one follows", () => {
    const [, attributes, css] = inlineStylesheet(critical(document(STYLESHEET)));
    expect(attributes).toBe(' data-precedence="default" data-href="/assets/app-abc.css" data-critical=""');
    expect(css).toContain(".font-sans{font-family:var(--font-sans)}");
    expect(css).toContain(".border-b{");
    expect(css).not.toContain(".unused-utility");
    expect(css).not.toContain(".admin-only");
    expect(css.length).toBeLessThan(STYLESHEET.length);
  });

  it("keeps what beasties cannot see used: faces named through custom properties, every registered property and keyframes, scripted states, :where(), arbitrary variants and the focus outline", () => {
    const [, , css] = inlineStylesheet(critical(document(STYLESHEET)));
    expect(css).toContain('@font-face{font-family:"Inter Variable"');
    expect(css).toContain("@property --tw-border-style{");
    expect(css).toContain("@property --tw-shadow{");
    expect(css).toContain("@keyframes pulse");
    expect(css).toContain(".js [data-reveal=hidden]");
    expect(css).toContain(":where(.space-y-4>:not(:last-child))");
    expect(css).toContain("w-full>*{width:100%}");
    expect(css).toContain("::placeholder");
    // Keyboard focus shows before the whole stylesheet arrives.
    expect(css).toContain(":root{--focus-ring:var(--color-gold-dark)}");
    expect(css).toContain(":focus-visible{outline:2px solid var(--focus-ring)");
    // A browser drops a top-level rule that follows a stray `;`: none may be left between rules.
    expect(css).not.toMatch(/\};@/);
  });

  it("leaves a page without the site's inline stylesheet as it is", () => {
    const html = "<!DOCTYPE html><html><head></head><body><p>Not found</p></body></html>";
    expect(critical(html)).toBe(html);
  });
});
