import { createContext, useContext } from "react";

/** Set once this tab has been given the faces: from then on they are in the browser's cache. */
const FACES_SEEN_KEY = "gii-web-fonts-seen";

/** The files cut for the site's copy (scripts/fonts/build-fonts.ts): the ones a page's text uses. */
const CORE_FILE = /url\(([^)]*-core-[^)]*\.woff2)\)/g;

/**
 * The script that adds the site's two web faces (`faces`, fonts/web-faces.css).
 * On a first visit it waits for the page's load event: on a phone the hero image
 * and the page's code then have the connection to themselves, and the text
 * paints at once in the size-matched local stand-ins (app.css), so nothing
 * moves when the faces swap in. It fetches the core files before adding the
 * rules, so the page is laid out again once, with the faces, not a second time
 * when they arrive. A later page in the same tab finds them cached and adds them
 * before the first paint. The mark is kept for the tab (sessionStorage), not for
 * good: a browser may drop its cache and keep a site's storage, and a mark
 * outliving the files would fetch them before the first paint again.
 */
function fontLoaderScript(faces: string): string {
  const core = [...faces.matchAll(CORE_FILE)].map(([, url]) => url);
  // Inside a script element, a "<" could only ever close it early: written as an escape.
  const json = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");
  return `(function(){var k=${json(FACES_SEEN_KEY)};function a(){var s=document.createElement("style");s.textContent=${json(faces)};document.head.appendChild(s);try{sessionStorage.setItem(k,"1")}catch(e){}}var c=false;try{c=!!sessionStorage.getItem(k)}catch(e){}if(c)a();else addEventListener("load",function(){Promise.all(${json(core)}.map(function(u){return new FontFace("core","url("+u+")").load()})).then(a,a)},{once:true})})()`;
}

/** What the head needs for the web faces: the script, and for a browser without scripts the rules themselves. */
export interface WebFaces {
  script: string;
  /** A style element with the rules, inside `<noscript>`. */
  noScript: string;
}

export function webFaces(faces: string): WebFaces {
  return { script: fontLoaderScript(faces), noScript: `<style>${faces.replaceAll("<", "\\3c ")}</style>` };
}

/**
 * Given by the server: the browser already has them in the page, so its
 * bundle stays without the faces' rules.
 */
const WebFacesContext = createContext<WebFaces | undefined>(undefined);

export const WebFacesProvider = WebFacesContext.Provider;

export function FontLoader({ nonce }: { nonce: string | undefined }) {
  const faces = useContext(WebFacesContext);
  // The browser keeps the server's text: hydration rewrites neither a script's inner HTML nor a noscript's.
  return (
    <>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: faces?.script ?? "" }} suppressHydrationWarning />
      <noscript dangerouslySetInnerHTML={{ __html: faces?.noScript ?? "" }} suppressHydrationWarning />
    </>
  );
}
