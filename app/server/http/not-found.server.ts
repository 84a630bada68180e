import { redirect } from "react-router";

import { missingPathCookie } from "~/lib/missing-path";
import { redactPath } from "~/lib/page-location";
import { log } from "~/server/platform/log.server";

/**
 * Spec 2: a page path that names nothing goes to /404, whose page logs the path
 * asked for. The address stays /404; the page learns the path from a cookie only it sees, once.
 */
export function redirectToNotFound(request: Request): Response {
  // A mistyped emailed link still carries its token: redacted like every logged path.
  const missingPath = redactPath(new URL(request.url).pathname).slice(0, 200);
  log.info(`Not found: ${missingPath}`);
  return redirect("/404", { headers: { "Set-Cookie": missingPathCookie(missingPath) } });
}
