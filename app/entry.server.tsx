import { PassThrough, Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, isRouteErrorResponse, RouterContextProvider, ServerRouter } from "react-router";

import stylesheet from "~/app.css?inline";
import webFacesCss from "~/fonts/web-faces.css?inline";
import { InlineStylesheetProvider } from "~/lib/inline-stylesheet";
import { lateStyles, LateStylesProvider } from "~/lib/late-styles";
import { NonceProvider } from "~/lib/nonce";
import { redactPath } from "~/lib/page-location";
import { RequestIdProvider } from "~/lib/request-id";
import { recordRequestError, requestInfoContext } from "~/server/platform/context.server";
import { log } from "~/server/platform/log.server";

export const streamTimeout = 5_000;

const late = lateStyles(webFacesCss);

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { cspNonce, requestId } = loadContext.get(requestInfoContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={cspNonce}>
        <RequestIdProvider value={requestId}>
          <InlineStylesheetProvider value={stylesheet}>
            <LateStylesProvider value={late}>
              <ServerRouter context={routerContext} url={request.url} nonce={cspNonce} />
            </LateStylesProvider>
          </InlineStylesheetProvider>
        </RequestIdProvider>
      </NonceProvider>,
      {
        nonce: cspNonce,
        // A part the server has finished stays where it is in the HTML (see hydrate-on-visible.tsx), never moved
        // to the end of the page behind a script: the page paints whole, with or without scripts.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(withoutModulePreloads()).pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error("Streaming render failed", error);
        },
      },
    );
  });
}

/**
 * The document without React Router's <link rel="modulepreload"> tags. They ask
 * for every script of the page at high priority before anything is painted; the
 * page's module script still loads them all, after the HTML, behind the
 * stylesheet and hero image that the first paint needs.
 */
function withoutModulePreloads() {
  const decoder = new StringDecoder("utf8");
  let head: string | undefined = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = decoder.write(chunk);
      if (head === undefined) return callback(null, text);
      head += text;
      const end = head.indexOf("</head>");
      if (end === -1) return callback();
      const document = head.slice(0, end).replace(/<link rel="modulepreload"[^>]*>/g, "") + head.slice(end);
      head = undefined;
      callback(null, document);
    },
    flush(callback) {
      callback(null, (head ?? "") + decoder.end());
    },
  });
}

/**
 * Server errors are logged once, without request details that might carry tokens. The router's own
 * refusals (a form posted to a page that takes none) lose its message about our routes' workings here,
 * the one hook it calls before the page's data is written: the error page shows only their status.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (isRouteErrorResponse(error) && (error as { internal?: boolean }).internal) {
    error.data = error.statusText;
    delete (error as { error?: Error }).error;
  }
  // Aborted requests and answers like 404/405 are not server failures.
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  if (context instanceof RouterContextProvider && recordRequestError(context, error)) return;
  log.error(`Request to ${redactPath(new URL(request.url).pathname)} failed`, error);
};
