import { createContext, useContext, useState } from "react";

/** The id of the request the server is rendering (X-Request-Id), for the error page's reference. */
const RequestIdContext = createContext<string | undefined>(undefined);

export const RequestIdProvider = RequestIdContext.Provider;

/**
 * The id of the request in which the server met this error. The browser keeps
 * what the server wrote while it hydrates; an error met after that (in a
 * navigation in the browser) has no reference to show.
 */
function useServerRequestId(error: unknown): string | undefined {
  const fromServer = useContext(RequestIdContext);
  const [first] = useState(() => ({ error, requestId: fromServer ?? readWhileHydrating() }));
  return first.error === error ? first.requestId : undefined;
}

function readWhileHydrating(): string | undefined {
  // The root layout marks the document once hydrated (data-hydrated).
  if (typeof document === "undefined" || "hydrated" in document.documentElement.dataset) return undefined;
  return document.querySelector("[data-request-id]")?.getAttribute("data-request-id") ?? undefined;
}

/** "Reference: <request id>" on an error page: quoted to staff, it finds the request in the logs. */
export function ErrorReference({ error }: { error: unknown }) {
  const requestId = useServerRequestId(error);
  if (!requestId) return null;
  return (
    <p className="mt-6 text-sm text-ink/70">
      Reference: <code data-request-id={requestId}>{requestId}</code>
    </p>
  );
}
