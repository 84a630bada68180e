import { createContext, useContext } from "react";

/** Set once this tab has been given the faces: from then on they are in the browser's cache. */
const FACES_SEEN_KEY = "gii-web-fonts-seen";

/** Marks the whole stylesheet once added after a page's critical one (server/critical-css.ts). */
const WHOLE_STYLESHEET_ATTRIBUTE = "data-whole-stylesheet";

/** The files cut for the site's copy (scripts/fonts/build-fonts.ts): the ones a page's text uses. */
const CORE_FILE = /-core-[^)]*\.woff2/;

/** What `new FontFace(family, source, descriptors)` takes, read from one `@font-face` rule. */
interface Face {
  family: string;
  source: string;
  /** FontFaceDescriptors, as the rule writes them. */
  descriptors: Record<string, string>;
}

const DESCRIPTORS: Record<string, keyof FontFaceDescriptors | undefined> = {
  "font-style": "style",
  "font-weight": "weight",
  "font-display": "display",
  "unicode-range": "unicodeRange",
};

/** One of the site's own `@font-face` rules (fonts/web-faces.css), one declaration per `;`. */
function readFace(body: string): Face {
  const face: Face = { family: "", source: "", descriptors: {} };
  for (const declaration of body.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim();
    const value = declaration
      .slice(colon + 1)
      .replaceAll(/\s+/g, " ")
      .trim();
    if (name === "font-family") face.family = value.replaceAll(/["']/g, "");
    else if (name === "src") face.source = value;
    else if (DESCRIPTORS[name]) face.descriptors[DESCRIPTORS[name]] = value;
  }
  return face;
}

/** The faces of the core files, and the rules of the others (Latin beyond the site's copy). */
function splitFaces(css: string): { core: Face[]; otherRules: string } {
  const core: Face[] = [];
  let otherRules = "";
  for (const [rule, body] of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    if (CORE_FILE.test(body)) core.push(readFace(body));
    else otherRules += rule;
  }
  return { core, otherRules };
}

/**
 * The script that brings what the first paint goes without: the site's two web
 * faces (`faces`, fonts/web-faces.css) and, after a page's critical stylesheet,
 * the whole one (for what only scripts show: menus, dialogs).
 *
 * On a first visit it waits for the page's load event: on a phone the hero image
 * and the page's code then have the connection to themselves, and the text
 * paints at once in the size-matched local stand-ins (app.css). It fetches the
 * core font files and the whole stylesheet's text, then adds both in one task:
 * each one alone lays the whole page out again (30–65 ms on this machine), and
 * together they do it once. The faces go in as FontFace objects already loaded,
 * which the next layout uses; rules would load them again, a layout later.
 *
 * A later page in the same tab finds the faces cached and adds their rules
 * before the first paint; its whole stylesheet follows the load event. The mark
 * is kept for the tab (sessionStorage), not for good: a browser may drop its
 * cache and keep a site's storage, and a mark outliving the files would fetch
 * them before the first paint again. Whatever fails to arrive, the page keeps
 * its stand-ins and its critical rules, and the whole stylesheet is then linked.
 * A press or a key before the load event brings the whole stylesheet at once,
 * so that what it opens (a dialog, a menu) has its rules.
 */
function lateStylesScript(faces: string): string {
  // Inside a script element, a "<" could only ever close it early: written as an escape.
  const json = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");
  const { core, otherRules } = splitFaces(faces);
  return `(function(){var k=${json(FACES_SEEN_KEY)},w=${json(WHOLE_STYLESHEET_ATTRIBUTE)};function rules(t){var s=document.createElement("style");s.textContent=t;document.head.appendChild(s)}function seen(){try{sessionStorage.setItem(k,"1")}catch(e){}}function whole(){var p=document.querySelector("style[data-critical]");if(!p)return Promise.resolve(function(){});var h=p.getAttribute("data-href");return fetch(h).then(function(r){return r.ok?r.text():Promise.reject()}).then(function(t){return function(){var s=document.createElement("style");s.setAttribute(w,"");s.textContent=t;p.after(s)}},function(){return function(){var l=document.createElement("link");l.rel="stylesheet";l.href=h;l.setAttribute(w,"");p.after(l)}})}var asked,added=false;function wholeOnce(){return asked||(asked=whole())}function addOnce(add){if(!added){added=true;add()}}function early(){wholeOnce().then(addOnce)}addEventListener("pointerdown",early,{once:true,capture:true});addEventListener("keydown",early,{once:true,capture:true});var c=false;try{c=!!sessionStorage.getItem(k)}catch(e){}if(c)rules(${json(faces)});addEventListener("load",function(){if(c){early();return}var f=${json(core)}.map(function(d){return new FontFace(d.family,d.source,d.descriptors)});Promise.all([Promise.all(f.map(function(d){return d.load().catch(function(){})})),wholeOnce()]).then(function(done){f.forEach(function(d){document.fonts.add(d)});rules(${json(otherRules)});addOnce(done[1]);seen()})},{once:true})})()`;
}

/** What the head needs for the late styles: the script, and for a browser without scripts the faces' rules themselves. */
export interface LateStyles {
  script: string;
  /** A style element with the faces' rules, inside `<noscript>`. */
  noScript: string;
}

export function lateStyles(faces: string): LateStyles {
  return { script: lateStylesScript(faces), noScript: `<style>${faces.replaceAll("<", "\\3c ")}</style>` };
}

/**
 * Given by the server: the browser already has them in the page, so its
 * bundle stays without the faces' rules.
 */
const LateStylesContext = createContext<LateStyles | undefined>(undefined);

export const LateStylesProvider = LateStylesContext.Provider;

export function LateStylesLoader({ nonce }: { nonce: string | undefined }) {
  const late = useContext(LateStylesContext);
  // The browser keeps the server's text: hydration rewrites neither a script's inner HTML nor a noscript's.
  return (
    <>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: late?.script ?? "" }} suppressHydrationWarning />
      <noscript dangerouslySetInnerHTML={{ __html: late?.noScript ?? "" }} suppressHydrationWarning />
    </>
  );
}
