/** While the database cannot be reached: every page and API says so, and when to try again. */
export const SERVICE_UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again in a minute.";
export const RETRY_AFTER_SECONDS = 30;

/**
 * The 503 answer while the database is down: `{ error }` under /api/, a small
 * page of its own otherwise (the site's layout needs the database it lacks).
 */
export function serviceUnavailableResponse(pathname: string): Response {
  const headers = { "Cache-Control": "no-store", "Retry-After": String(RETRY_AFTER_SECONDS) };
  if (pathname.startsWith("/api/")) return Response.json({ error: SERVICE_UNAVAILABLE_MESSAGE }, { status: 503, headers });
  // A page's data or a form's answer asked for by the router in the browser: it shows this text as the error's own.
  if (pathname.endsWith(".data"))
    return new Response(SERVICE_UNAVAILABLE_MESSAGE, { status: 503, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(SERVICE_UNAVAILABLE_PAGE, { status: 503, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}

const SERVICE_UNAVAILABLE_PAGE = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Temporarily unavailable | Global Implant Institute</title>
<style>
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f5f7fa; color: #0f1b2d; font: 1.0625rem/1.6 system-ui, sans-serif; }
main { max-width: 32rem; padding: 2rem; text-align: center; }
h1 { font: 600 1.75rem/1.3 Georgia, serif; margin: 0 0 1rem; }
a { color: #0f1b2d; }
</style>
</head>
<body>
<main>
<h1>Global Implant Institute</h1>
<p>${SERVICE_UNAVAILABLE_MESSAGE}</p>
<p><a href="">Try again</a></p>
</main>
</body>
</html>
`;
