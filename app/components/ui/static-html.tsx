import { type ComponentType, lazy, useEffect, useRef, useState } from "react";
import { type NavigateFunction, useNavigate } from "react-router";

import { revealOnScroll } from "./reveal";

/** The same object on every render, so that React never writes it into the page: the server's HTML stays. */
const KEEP_SERVER_HTML = { __html: "" };

/** The root marks the document once the first page has hydrated: what mounts after that is rendered by the browser. */
export function firstPageHydrated() {
  return document.documentElement.hasAttribute("data-hydrated");
}

/** A click on a link to this site, as React Router's `<Link>` would take it: a navigation without a page load. */
function followLinksInPage(element: HTMLElement, navigate: NavigateFunction): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    void navigate(url.pathname + url.search + url.hash);
  };
  element.addEventListener("click", onClick);
  return () => element.removeEventListener("click", onClick);
}

/**
 * Part of a page that needs no script: copy, pictures and links. The server
 * renders `server`; the page it sends is kept as it is, never hydrated, and its
 * code never loads, which keeps it out of the page's JavaScript and its
 * hydration. Only when the part is reached by a navigation in the browser is
 * its code loaded (`load`) to render it. Pass the server's component as
 * `import.meta.env.SSR ? Component : undefined`, so that the browser's bundle
 * drops it. Its props are used where it is rendered: a kept part ignores them.
 */
export function staticHtml<Props extends object = Record<string, never>>(
  server: ComponentType<Props> | undefined,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  // A part whose code cannot be fetched (offline, or a deploy replaced it) is left out, not the page's failure: the
  // error page draws the shell too, and would itself fail on the same fetch (as the toaster in root.tsx is left out).
  const Rendered = lazy<ComponentType<Props>>(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: () => null }),
    ),
  );
  const Server = server ?? Rendered;
  return function StaticHtml(props: Props) {
    const [kept, setKept] = useState(() => !import.meta.env.SSR && !firstPageHydrated());
    const ref = useRef<HTMLDivElement>(null);
    const navigate = useNavigate();

    useEffect(() => {
      const element = ref.current;
      if (!kept || !element) return;
      // React rendered the page afresh instead of hydrating it (after a mismatch elsewhere): there is no HTML to keep.
      if (!element.hasChildNodes()) return setKept(false);
      const stops = [...element.querySelectorAll<HTMLElement>("[data-reveal]")].map(revealOnScroll);
      stops.push(followLinksInPage(element, navigate));
      return () => stops.forEach((stop) => stop());
    }, [kept, navigate]);

    if (kept) return <div ref={ref} className="contents" dangerouslySetInnerHTML={KEEP_SERVER_HTML} suppressHydrationWarning />;
    return <div className="contents">{import.meta.env.SSR ? <Server {...props} /> : <Rendered {...props} />}</div>;
  };
}
