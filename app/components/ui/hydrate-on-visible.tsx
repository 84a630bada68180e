import { type ComponentType, memo, type ReactNode, Suspense, use, useEffect, useRef, useState } from "react";

import { revealOnScroll } from "./reveal";
import { firstPageHydrated } from "./static-html";

/** How far below the screen a part starts loading, so that it is ready before the visitor reaches it. */
const LOAD_MARGIN = "600px 0px";

/** Keys a part's controls answer (a button's press, an accordion's or a carousel's moves), held like presses; Space presses on its release, a click. */
const HELD_KEYS = new Set(["Enter", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "Escape"]);

/** Where a key types rather than commands: the browser handles it, and the typed value stays. */
const TEXT_ENTRY = "input:not([type=button],[type=submit],[type=checkbox],[type=radio]), textarea, select, [contenteditable]";

/** What the visitor does to a part that React would drop before the part has hydrated. */
const PRESS_EVENTS = ["click", "submit", "keydown"] as const;

/** Marks the copy of a part's server HTML that ServerCopy shows; redrawn-part.ts finds presses held on it. */
export const SERVER_COPY_ATTRIBUTE = "data-server-copy";

/** Signs that the visitor is about to use a part: its code starts loading. */
const INTEREST_EVENTS = ["pointerover", "focusin", "touchstart"] as const;

/**
 * A part's code, loaded once the gate opens. Presses and submissions that
 * arrive before the part has hydrated are held (React would drop them, and a
 * form would submit itself without its checks) and replayed once it has.
 */
class Gate<P extends object> {
  readonly component: Promise<ComponentType<P>>;
  open: () => void = () => {};
  private hydrated = false;
  private failed = false;
  private replay?: () => void;
  /** The part as the server sent it, to show again if React drops it before its code arrives. */
  serverHtml = { __html: "" };

  /**
   * @param waiting whether the part is the server's HTML, waiting for its code (a first visit), rather than
   * rendered at once (on the server, or after a navigation in the browser).
   */
  constructor(
    load: () => Promise<ComponentType<P>>,
    readonly waiting: boolean,
  ) {
    this.component = new Promise<void>((resolve) => (this.open = resolve)).then(load).catch(() => {
      // Without its code the part stays as the server sent it, and presses go through as plain HTML.
      this.failed = true;
      this.replay = undefined;
      return new Promise<ComponentType<P>>(() => {});
    });
    if (!waiting) this.open();
  }

  /** Whether to hold an event aimed at the part, which is still waiting for its code; the latest one is replayed. */
  holds(event: Event, wrapper: Element): boolean {
    if (this.hydrated || this.failed) return false;
    const target = event.target;
    let replayOn: (element: Element, submitter: Element | null) => unknown;
    if (event instanceof SubmitEvent && target instanceof HTMLFormElement)
      replayOn = (form, submitter) =>
        form instanceof HTMLFormElement && form.requestSubmit(submitter instanceof HTMLElement && form.contains(submitter) ? submitter : null);
    else if (event instanceof MouseEvent && target instanceof Element) replayOn = (element) => element.dispatchEvent(new MouseEvent("click", event));
    else if (event instanceof KeyboardEvent && target instanceof HTMLElement) {
      if (!HELD_KEYS.has(event.key) || target.closest(TEXT_ENTRY)) return false;
      // Enter presses a button or follows a link only when the visitor pressed it: replayed as the press.
      const presses = event.key === "Enter" && target.matches("a[href], button, summary, [role=button]");
      replayOn = (element) => {
        if (!(element instanceof HTMLElement)) return;
        // The copy's focused control went with it: the keyboard goes on from the one in its place.
        if (element !== target && !element.contains(document.activeElement)) element.focus();
        return presses ? element.click() : element.dispatchEvent(new KeyboardEvent("keydown", event));
      };
    } else return false;
    const submitter = event instanceof SubmitEvent ? event.submitter : null;
    this.replay = () => {
      if (target.isConnected) return replayOn(target, submitter);
      // React has replaced the copy the event was aimed at (see ServerCopy), which is rare: the code that finds what it drew in its place loads only then.
      void import("./redrawn-part").then(({ inRedrawnPart }) => {
        const [element, button] = inRedrawnPart(wrapper, target, submitter);
        if (element) replayOn(element, button);
      });
    };
    this.open();
    return true;
  }

  keepServerHtml(part: Element) {
    this.serverHtml = { __html: part.outerHTML };
  }

  markHydrated() {
    this.hydrated = true;
    this.replay?.();
    this.replay = undefined;
  }
}

/**
 * Rendered only when React gives up hydrating the waiting part and renders it
 * afresh, which it does when a router update reaches the part (a navigation to
 * the same page, a revalidation). The server's HTML goes, so the part shows a
 * copy of it, without script, while its code loads.
 */
function ServerCopy<P extends object>({ gate }: { gate: Gate<P> }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    gate.open();
    // A section that fades in (home's, not the schedule's calendar) does so from the copy too.
    const section = ref.current?.querySelector<HTMLElement>(":scope > [data-reveal]");
    return section ? revealOnScroll(section) : undefined;
  }, [gate]);
  return <div ref={ref} className="contents" {...{ [SERVER_COPY_ATTRIBUTE]: "" }} dangerouslySetInnerHTML={gate.serverHtml} />;
}

function Loaded<P extends object>({ gate, props }: { gate: Gate<P>; props: P }) {
  const Component = use(gate.component);
  useEffect(() => gate.markHydrated(), [gate]);
  // eslint-disable-next-line react-hooks/static-components -- the part's module's own component: the same one on every render
  return <Component {...props} />;
}

interface PartOptions {
  /**
   * When its code loads on a first visit: as the part comes near the screen
   * (`near`), or only once the visitor points at, touches or focuses it
   * (`used`), for a part whose server HTML serves until then and whose code is
   * costly to run.
   */
  loadWhen?: "near" | "used";
  /** Shown while the code loads for a part reached by a navigation in the browser (nothing, by default). */
  loading?: ReactNode;
}

/**
 * An interactive part of a page below the fold (a form, a carousel, an
 * accordion), or one whose code is costly to run (the schedule's calendar).
 * The server renders `server`; on a first visit the browser keeps that HTML and
 * loads the part's code only when the part comes near the screen or the visitor
 * points at it (see `loadWhen`), then hydrates it in place (React leaves a
 * Suspense boundary whose code has not arrived as the server sent it). Reached
 * by a navigation in the browser, the part loads at once. Pass the server's
 * component as `import.meta.env.SSR ? Component : undefined`, so that the
 * browser's first load leaves its code out.
 */
export function hydrateOnVisible<P extends object = Record<never, never>>(
  server: ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
  { loadWhen = "near", loading }: PartOptions = {},
): ComponentType<P> {
  const Server = server;
  // Re-rendered by its page only when its props change: an update that reached the waiting part would make React drop the server's HTML.
  return memo(function HydrateOnVisible(props: P) {
    const ref = useRef<HTMLDivElement>(null);
    const [gate] = useState(() => new Gate(load, !import.meta.env.SSR && !firstPageHydrated()));

    useEffect(() => {
      // A part rendered at once has nothing to wait for, hold or reveal: its own code does that.
      if (!gate.waiting) return;
      const wrapper = ref.current;
      const part = wrapper?.firstElementChild;
      if (!wrapper || !part) return gate.open();
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          gate.open();
        },
        { rootMargin: LOAD_MARGIN },
      );
      if (loadWhen === "near") observer.observe(part);
      gate.keepServerHtml(part);
      // Its sections fade in as the server's HTML, before their code arrives.
      const reveals = [...wrapper.querySelectorAll<HTMLElement>("[data-reveal]")].map(revealOnScroll);
      // On the window, in the capture phase: before React, which stops events aimed at a part it cannot hydrate yet.
      const onInterest = (event: Event) => event.target instanceof Node && wrapper.contains(event.target) && gate.open();
      const onPress = (event: Event) => {
        if (!(event.target instanceof Node) || !wrapper.contains(event.target) || !gate.holds(event, wrapper)) return;
        event.preventDefault();
        event.stopImmediatePropagation();
      };
      INTEREST_EVENTS.forEach((type) => window.addEventListener(type, onInterest, { capture: true, passive: true }));
      PRESS_EVENTS.forEach((type) => window.addEventListener(type, onPress, true));
      return () => {
        observer.disconnect();
        reveals.forEach((stop) => stop());
        INTEREST_EVENTS.forEach((type) => window.removeEventListener(type, onInterest, true));
        PRESS_EVENTS.forEach((type) => window.removeEventListener(type, onPress, true));
      };
    }, [gate]);

    return (
      <div ref={ref} className="contents">
        <Suspense fallback={(!gate.waiting && loading) || <ServerCopy gate={gate} />}>
          {Server ? <Server {...props} /> : <Loaded gate={gate} props={props} />}
        </Suspense>
      </div>
    );
  });
}
