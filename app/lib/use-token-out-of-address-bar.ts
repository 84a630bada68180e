import { useEffect } from "react";

/**
 * A page opened from an emailed link carries its token in the address: once
 * loaded, the token leaves the address bar, the history and anything a script
 * reads from the location (the page already holds what it needs).
 */
export function useTokenOutOfAddressBar(parameter = "token") {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(parameter)) return;
    url.searchParams.delete(parameter);
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }, [parameter]);
}
