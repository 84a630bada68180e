import { useEffect } from "react";

/**
 * A page opened from an emailed link carries its token in the address: once
 * loaded, the token leaves the address bar, the history and anything a script
 * reads from the location (the page already holds what it needs).
 */
export function useTokenOutOfAddressBar(parameters: readonly string[] = ["token"]) {
  const names = parameters.join(" ");
  useEffect(() => {
    const url = new URL(window.location.href);
    const present = names.split(" ").filter((name) => url.searchParams.has(name));
    if (present.length === 0) return;
    for (const name of present) url.searchParams.delete(name);
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }, [names]);
}
