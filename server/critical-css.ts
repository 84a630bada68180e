import { compileSheet } from "beasties/compiler";
import { collectPrograms, renderCriticalCss, scanHtml } from "beasties/runtime";

/** The site's stylesheet as root.tsx inlines it: React writes `<style href precedence>` with these attributes. */
const INLINE_STYLESHEET = /<style data-precedence="default" data-href="([^"]+)">([\s\S]*?)<\/style>/;

/**
 * Every face stays, as in the whole stylesheet (the local stand-ins; the web
 * faces come from lib/late-styles.tsx): the families are named through
 * custom properties (`--font-sans`), which beasties cannot follow.
 * Keyframes stay too, for the same reason (`--animate-*`).
 */
const FONT_FACES = /@font-face\s*\{[^}]*\}/g;

/**
 * Rules kept whatever the HTML holds: states the page's first script sets
 * (`html.js`, see root.tsx), Tailwind's `:where()` selectors (the space and
 * divide utilities) and arbitrary variants (`[&>*]:h-full`), which beasties
 * does not match, and the base layer's bare pseudo-classes and pseudo-elements:
 * `:focus-visible`'s outline (without it, a key pressed before the whole
 * stylesheet arrives showed no focus at all), `::placeholder`, the date fields' parts.
 */
const ALWAYS_KEPT = [/^\.js\b/, /^:/, /^\.\\\[/];

/**
 * Shrinks a page's inline stylesheet to the rules its HTML uses (beasties),
 * so a phone's first round trip brings the whole document: about 70 KB of
 * utilities become 23–38 KB on the public pages. The style element is marked `data-critical`, and
 * the page adds the whole stylesheet after it once it has loaded
 * (lib/late-styles.tsx), for what scripts show later (menus, dialogs). Selectors are matched by the
 * tokens present (`exact: false`), which keeps a rule whenever in doubt.
 * The stylesheet is compiled once per build (its address names its hash).
 */
export function criticalStylesheet(): (html: string) => string {
  const compiled = new Map<string, { sheet: ReturnType<typeof compileSheet>; programs: ReturnType<typeof collectPrograms>; faces: string }>();
  return (html) => {
    const inline = INLINE_STYLESHEET.exec(html);
    if (!inline) return html;
    const [element, href, whole] = inline;
    let stylesheet = compiled.get(href);
    if (!stylesheet) {
      const sheet = compileSheet(whole, { href, exact: false, allowRules: ALWAYS_KEPT });
      stylesheet = { sheet, programs: collectPrograms([sheet]), faces: (whole.match(FONT_FACES) ?? []).join("") };
      compiled.set(href, stylesheet);
    }
    const critical = renderCriticalCss(stylesheet.sheet, scanHtml(html, stylesheet.programs), { keyframes: "all", inlineFonts: false, preloadFonts: false });
    // beasties 0.5.4 writes `};` between top-level at-rules, and a browser then drops each rule after a `;` (every `@property` but the first).
    const css = critical.css.replace(/\};(?=@)/g, "}");
    const replacement = `<style data-precedence="default" data-href="${href}" data-critical="">${stylesheet.faces}${css}</style>`;
    return html.slice(0, inline.index) + replacement + html.slice(inline.index + element.length);
  };
}
