/** How long a submitted form may stay busy and still hand focus back. */
const WAIT_MS = 60_000;

/**
 * A control disabled while its form works loses keyboard focus to the page,
 * and a keyboard or screen-reader user loses their place. Whatever had focus
 * gets it back once it is enabled again, unless the person has put focus
 * elsewhere meanwhile. `scope` is the part of the page whose controls are disabled.
 */
export function keepFocusThroughBusy(element: Element | null, scope: Element) {
  if (!(element instanceof HTMLElement) || element === document.body || !scope.contains(element)) return;
  const observer = new MutationObserver(() => {
    if (!element.isConnected) return stop();
    if (element.matches(":disabled")) return;
    const current = document.activeElement;
    if (current === null || current === document.body) element.focus();
    stop();
  });
  const timer = window.setTimeout(stop, WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(scope, { subtree: true, attributes: true, attributeFilter: ["disabled"] });
}

/** Every form on the page keeps focus through its busy state (installed once, by the root). */
export function keepFocusThroughFormSubmissions(): () => void {
  const onSubmit = (event: Event) => {
    if (event.target instanceof HTMLFormElement) keepFocusThroughBusy(document.activeElement, event.target);
  };
  document.addEventListener("submit", onSubmit, true);
  return () => document.removeEventListener("submit", onSubmit, true);
}
