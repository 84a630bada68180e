import { data } from "react-router";

/**
 * Runs a route's action on the server from the browser. When the request never
 * reached the server (the connection dropped, or the browser is offline), the
 * form gets `lost(message)` as the action's own answer, with spec 8's words for
 * the step, instead of the router putting its error page in place of the page
 * and what was typed. The 503 also keeps the router from reloading the page's
 * data over the same lost connection.
 */
export async function unlessConnectionLost<T>(serverAction: () => Promise<T>, lost: (message: string) => T) {
  try {
    return await serverAction();
  } catch (error) {
    // fetch rejects with a TypeError when, and only when, no answer came back.
    if (!(error instanceof TypeError)) throw error;
    return data(lost(error.message), { status: 503 });
  }
}
