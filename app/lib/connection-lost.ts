import { data, isRouteErrorResponse } from "react-router";

/** The server's own 503 (its database is down, say): its text says so, in words the form can show. */
export function serviceUnavailableText(error: unknown): string | null {
  return isRouteErrorResponse(error) && error.status === 503 && typeof error.data === "string" && error.data.length > 0 && error.data.length < 300
    ? error.data
    : null;
}

/** Said for a server error with no words of ours: a proxy's 502 or 504 page, say, while the app restarts. */
export const NO_ANSWER_MESSAGE = "The site did not answer. Please try again in a moment.";

/**
 * Runs a route's action on the server from the browser. When the request never
 * reached the server (the connection dropped, or the browser is offline), the
 * form gets `lost(message)` as the action's own answer, with spec 8's words for
 * the step, instead of the router putting its error page in place of the page
 * and what was typed. So does a 503 from the server itself, with its message,
 * and any other server error (a proxy's 502, say) with NO_ANSWER_MESSAGE.
 * The 503 also keeps the router from reloading the page's data over the same
 * lost connection.
 */
export async function unlessConnectionLost<T>(serverAction: () => Promise<T>, lost: (message: string) => T) {
  try {
    return await serverAction();
  } catch (error) {
    // fetch rejects with a TypeError when, and only when, no answer came back.
    const message =
      error instanceof TypeError
        ? error.message
        : (serviceUnavailableText(error) ?? (isRouteErrorResponse(error) && error.status >= 500 ? NO_ANSWER_MESSAGE : null));
    if (message === null) throw error;
    return data(lost(message), { status: 503 });
  }
}
