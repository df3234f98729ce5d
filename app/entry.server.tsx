import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
} from "react-router";
// The HTTP entry's own redaction, which server/ (plain JavaScript around the build) also uses.
// eslint-disable-next-line no-restricted-imports
import { redactUrl } from "../server/redact.js";
import { InlineStylesheetProvider } from "./components/app-stylesheet";
import { NonceProvider } from "./components/nonce";
import {
  builtStylesheetText,
  servesLeanDocument,
  withoutModulePreloads,
} from "./lib/ui/lean-document.server";
import { DATABASE_BUSY_RETRY_AFTER_SECONDS } from "./lib/runtime/db.server";
import { errorFields, logger } from "./lib/runtime/logger.server";

export const streamTimeout = 5_000;

/** The session cookie (app/lib/auth/session.server.ts), with or without its `__Host-` prefix. */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Host-)?fa_session=[^;\s]/;

/**
 * Pages and their single-fetch `.data` answers: never stored anywhere for a request that carries
 * a session (they show the signed-in user's data), and private and revalidated otherwise (they can
 * carry a flash toast). Applied here, for every route, so no page can forget it.
 */
function setCacheControl(request: Request, headers: Headers) {
  if (SESSION_COOKIE.test(request.headers.get("Cookie") ?? "")) {
    headers.set("Cache-Control", "private, no-store");
  } else if (!headers.has("Cache-Control")) {
    headers.set("Cache-Control", "private, no-cache");
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  setCacheControl(request, responseHeaders);
  // A page that failed with 503 (a DatabaseBusyResponse thrown by its loader or action) says when
  // to try again, like the API's 503s: React Router keeps only the cookies of a thrown Response.
  if (responseStatusCode === 503 && !responseHeaders.has("Retry-After")) {
    responseHeaders.set("Retry-After", String(DATABASE_BUSY_RETRY_AFTER_SECONDS));
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Present when served by server/app.js, which also sends the matching CSP header.
  const nonce = loadContext?.cspNonce ?? "";
  // Lean only with a production build to inline (development links Vite's stylesheet).
  const inlineStylesheet = servesLeanDocument(new URL(request.url).pathname)
    ? builtStylesheetText(loadContext?.clientDir)
    : null;
  const lean = inlineStylesheet !== null;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Every page is sent whole, for people and bots alike: no page streams data, and a lazily
    // loaded component (the signed-in account menu, an error page's plans) must be in the HTML
    // itself, not in a later chunk that only JavaScript would reveal.
    const readyOption: keyof RenderToPipeableStreamOptions = "onAllReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineStylesheetProvider value={inlineStylesheet}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineStylesheetProvider>
      </NonceProvider>,
      {
        nonce,
        // React moves a finished Suspense boundary out of place (to be revealed by a script)
        // once this many bytes precede it; never, so the page works without JavaScript.
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
          if (lean) pipe(withoutModulePreloads()).pipe(body);
          else pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error("Streaming render failed", errorFields(error));
        },
      },
    );
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  try {
    setCacheControl(request, response.headers);
    return response;
  } catch {
    // Immutable headers (Response.redirect): copy them into a response we may change.
    const copy = new Response(response.body, response);
    setCacheControl(request, copy.headers);
    return copy;
  }
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // React Router's own refusals (a POST to a page without an action: 405; a path no route
  // matches: 404) are the client's mistake, not a server fault: one info line, no stack.
  if (isRouteErrorResponse(error) && error.status < 500) {
    const cause = (error as { error?: unknown }).error;
    logger.info("Request refused", {
      url: redactUrl(request.url),
      method: request.method,
      status: error.status,
      reason: cause instanceof Error ? cause.message : error.statusText,
    });
    return;
  }
  logger.error("Unhandled server error", { url: redactUrl(request.url), ...errorFields(error) });
}

/** For server/index.js: the validated environment (throws a readable error when invalid). */
export { env as serverEnv } from "./lib/runtime/env.server";

/** For server/index.js and server/dev.js: importing the build starts nothing, they start the jobs. */
export { startBackgroundJobs } from "./jobs.server";
