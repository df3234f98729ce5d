/**
 * Request bodies are bounded in the HTTP entry, for every route, before any route reads them.
 *
 * Each body gets a byte limit from its Content-Type (the defaults below), raised only for the
 * routes in `routeAllowances`. A declared Content-Length over the limit is refused at once without
 * reading; a body without one is counted as it streams and refused as soon as it crosses the
 * limit. Small limits (forms, JSON, text) are read into memory here, so a route never runs for a
 * body it would have to refuse; the few large allowances (photo uploads) stream to the route,
 * which enforces its own, lower cap, and are counted on the way as a backstop.
 */

import { jsonErrorBody } from "./json-error.js";

const KB = 1024;
const MB = 1024 * KB;

/** Byte limits by kind of body, for every route that needs no more. */
export const DEFAULT_LIMITS = Object.freeze({
  form: 64 * KB,
  text: 64 * KB,
  json: 1 * MB,
  multipart: 64 * KB,
  other: 64 * KB,
});

/** Limits up to this size are read into memory by the entry; larger ones stream to the route. */
const BUFFERED_UP_TO = 1 * MB;

/**
 * A streamed body may exceed its route's own cap by this much before the entry refuses it, so the
 * route (which answers with its own message and page) normally speaks first.
 */
const STREAM_SLACK = 1 * MB;

/**
 * After a 413, up to this much of what the client still sends is read and dropped (a body just
 * over the limit then ends normally and the connection stays open); past it the server stops
 * reading.
 */
const LINGER_BYTES = 4 * MB;
/**
 * A connection whose body the server stopped reading is closed this long after, not at once:
 * closing with unread data resets the connection, which can destroy the answer before the client
 * has read it.
 */
const LINGER_MS = 2_000;

const INBOUND_EMAIL = Object.freeze({
  other: 10_000_000,
  text: 10_000_000,
  multipart: 10_000_000,
  form: 10_000_000,
  json: 10_000_000,
});

/**
 * The only routes allowed more than the defaults, by path (the single-fetch `/x.data` of a page
 * counts as `/x`). Each value is the cap the route itself enforces on that kind of body.
 */
export function routeAllowances(config) {
  // app/lib/http/uploads.server.ts: MAX_UPLOAD_MB in decimal megabytes, multipart framing included.
  const uploads = config.MAX_UPLOAD_MB * 1_000_000;
  return {
    "/app": { multipart: uploads },
    "/api/photos": { multipart: uploads },
    "/api/analysis": { multipart: uploads },
    // app/lib/mobile-test/diagnostics.server.ts: keeps 15 MB, reads and drops up to 100 MB to answer its 413.
    "/mobile-test": { multipart: 100 * MB },
    // app/lib/trips/trip-import.server.ts: a Trip Earnings CSV up to 5 MB.
    "/api/trips/import": { text: 5_100_000, multipart: 5_100_000 },
    "/dashboard/trips": { multipart: 5_100_000 },
    // app/lib/accounts/logo.server.ts: a business logo up to 1 MB, read in memory here.
    "/account": { multipart: 1 * MB },
    // app/lib/tools/fleet-audit-query.ts: keeps 2 MB, reads and drops up to 20 MB to answer its 413.
    "/fleet-audit-calculator": { multipart: 20 * MB },
    // app/lib/inbox/inbound-payload.server.ts: a forwarded email up to 10 MB, however it is
    // posted (raw, a SendGrid or Mailgun form, Postmark's JSON); Mailgun's raw MIME goes to …/mime.
    "/api/inbound/email/:token": INBOUND_EMAIL,
    "/api/inbound/email/:token/mime": INBOUND_EMAIL,
  };
}

/** @returns {"form" | "json" | "text" | "multipart" | "other"} */
export function bodyKind(contentType) {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type === "multipart/form-data") return "multipart";
  if (type === "application/json" || type.endsWith("+json")) return "json";
  if (type.startsWith("text/")) return "text";
  return "other";
}

/** The route a path belongs to for the allowance table: `/App/` and `/app.data` are `/app`. */
function routeKey(pathname) {
  let key = pathname.toLowerCase();
  if (key.endsWith(".data")) key = key.slice(0, -".data".length);
  if (key === "/_root") return "/";
  if (key.length > 1 && key.endsWith("/")) key = key.slice(0, -1);
  return key;
}

/** A route's allowance: by its exact path, or by a path whose `:param` segments match any one. */
function allowanceFor(allowances, key) {
  if (Object.hasOwn(allowances, key)) return allowances[key];
  const segments = key.split("/");
  for (const [route, allowance] of Object.entries(allowances)) {
    const parts = route.split("/");
    if (
      route.includes("/:") &&
      parts.length === segments.length &&
      parts.every((part, i) => (part.startsWith(":") ? segments[i] !== "" : part === segments[i]))
    ) {
      return allowance;
    }
  }
  return undefined;
}

/** The limit for this request's body: its kind, the route's cap, and what the entry enforces. */
export function limitFor(req, allowances) {
  const kind = bodyKind(req.headers["content-type"]);
  const allowed = allowanceFor(allowances, routeKey(req.path))?.[kind];
  const limit = Math.max(allowed ?? 0, DEFAULT_LIMITS[kind]);
  const streamed = limit > BUFFERED_UP_TO;
  return { kind, limit, streamed, enforced: streamed ? limit + STREAM_SLACK : limit };
}

function hasBody(req) {
  if (req.headers["transfer-encoding"] !== undefined) return true;
  const length = req.headers["content-length"];
  return length !== undefined && length !== "0";
}

/** Per-request body state: the limit, the bytes seen, the buffered body, whether it was refused. */
const states = new WeakMap();

function formatBytes(bytes) {
  if (bytes >= 1_000_000 && bytes % 1_000_000 === 0) return `${bytes / 1_000_000} MB`;
  if (bytes >= MB) return `${Math.round(bytes / MB)} MB`;
  return `${Math.round(bytes / KB)} KB`;
}

const NOUNS = {
  form: "Forms",
  multipart: "Forms",
  json: "JSON requests",
  text: "Text requests",
  other: "Requests",
};

/** The 413 message: what was too large and how much this kind of request may carry. */
export function tooLargeMessage({ kind, limit, streamed }) {
  const noun = kind === "multipart" && streamed ? "Uploads" : NOUNS[kind];
  return `That request is too large. ${noun} accept up to ${formatBytes(limit)}.`;
}

function escapeHtml(text) {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
  );
}

/**
 * A plain page in the look of the app's error boundary (the app's own stylesheet, with a few
 * inline rules so it stays readable without it).
 */
export function tooLargePage(message, stylesheets = []) {
  const links = stylesheets
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
    .join("");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Request too large | FleetAssist</title>
${links}
<style>body{margin:0;font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5}main{max-width:48rem;margin:0 auto;padding:6rem 1.5rem}h1{font-size:1.875rem;margin:0}p{max-width:36rem;color:#334155}</style>
</head>
<body>
<main id="main" class="container-page flex flex-1 flex-col items-start justify-center py-24">
<h1 class="text-3xl font-bold text-slate-900">413 Payload Too Large</h1>
<p role="alert" class="mt-4 max-w-xl text-slate-700">${escapeHtml(message)}</p>
<a href="/" class="btn-primary mt-8">Back to the home page</a>
</main>
</body>
</html>
`;
}

/**
 * Answers 413 in the form the client reads: JSON for the API and JSON clients, the message as
 * text for single-fetch `.data` requests (React Router shows it in the error boundary), else a
 * page. The whole answer goes out at once, but the response only ends once the client has stopped
 * sending (or after LINGER_MS): ending it earlier would let Node close a `Connection: close`
 * socket that still has unread data, a reset that can destroy the answer before the client reads
 * it. Meanwhile up to LINGER_BYTES of the rest is read and dropped; past that, nothing more.
 */
function refuse(req, res, limit, stylesheets) {
  const state = states.get(req);
  if (state) state.refused = true;
  dropRest(req, LINGER_BYTES);

  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    if (!res.writableEnded) res.end();
  };
  const timer = setTimeout(() => {
    end();
    if (!req.complete) req.socket?.destroy();
  }, LINGER_MS);
  timer.unref();
  req.once("end", end);
  req.once("close", end);

  if (res.headersSent) return;
  const message = tooLargeMessage(limit);
  let type = "text/html; charset=utf-8";
  let body = tooLargePage(message, stylesheets);
  if (req.path.startsWith("/api/") || req.accepts(["html", "json"]) === "json") {
    type = "application/json; charset=utf-8";
    body = JSON.stringify(jsonErrorBody(message));
  } else if (req.path.endsWith(".data")) {
    type = "text/plain; charset=utf-8";
    body = message;
  }
  res.writeHead(413, {
    "Content-Type": type,
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
  });
  res.write(body);
  if (req.readableEnded) end();
}

/**
 * Reads and drops the rest of the body, up to `budget` bytes; past that stops reading, so the
 * client's writes wait on TCP flow control (no memory, no CPU) until the connection is closed.
 */
function dropRest(req, budget, onOverBudget = () => {}) {
  req.removeAllListeners("data");
  let left = budget;
  req.on("data", (chunk) => {
    left -= chunk.length;
    if (left < 0 && !req.isPaused()) {
      req.pause();
      onOverBudget();
    }
  });
  req.resume();
}

/**
 * Node closes a `Connection: close` socket as soon as the answer is written, even while the
 * client is still sending the body: that resets the connection, and the reset can destroy the
 * answer before the client reads it. For such a request the connection is half-closed instead
 * (the answer and the end of it go out, the rest of the body is still read) and closed once the
 * client closes its side, or after LINGER_MS.
 */
function lingerBeforeClosing(req, res) {
  const socket = req.socket;
  const destroySoon = socket?.destroySoon;
  if (typeof destroySoon !== "function") return;
  const lingering = () => {
    socket.destroySoon = destroySoon;
    if (req.complete) return destroySoon.call(socket);
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  };
  socket.destroySoon = lingering;
  // A kept-alive socket serves the next request with Node's own behavior.
  res.once("close", () => {
    if (socket.destroySoon === lingering) socket.destroySoon = destroySoon;
  });
}

/** Closes the connection after `ms` if the body still hasn't ended by then. */
function closeUnlessComplete(req, ms) {
  const timer = setTimeout(() => {
    if (!req.complete) req.socket?.destroy();
  }, ms);
  timer.unref();
  req.once("end", () => clearTimeout(timer));
  req.once("close", () => clearTimeout(timer));
}

/**
 * The body limit for every request: refuses a declared length over the limit at once, reads a
 * small body into memory (refusing it the moment it crosses the limit), and marks a large one to
 * be counted as it streams to the route (`requestBody`).
 */
export function limitBodies({ allowances, stylesheets = [] }) {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    const limit = limitFor(req, allowances);
    const state = { limit, seen: 0, refused: false, body: undefined };
    states.set(req, state);

    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit.enforced) {
      return refuse(req, res, limit, stylesheets);
    }
    // A client that asked "Expect: 100-continue" sends the body only now that it fits (serve.js
    // keeps Node from saying "continue" before this check).
    if (/100-continue/i.test(req.headers.expect ?? "")) res.writeContinue();
    if (limit.streamed) return next();

    const chunks = [];
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onGone);
      req.off("close", onGone);
    };
    const onData = (chunk) => {
      state.seen += chunk.length;
      if (state.seen > limit.enforced) {
        cleanup();
        chunks.length = 0;
        refuse(req, res, limit, stylesheets);
      } else {
        chunks.push(chunk);
      }
    };
    const onEnd = () => {
      cleanup();
      state.body = Buffer.concat(chunks, state.seen);
      next();
    };
    // The client went away before sending the whole body: nobody is left to answer.
    const onGone = () => cleanup();
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", onGone);
    req.once("close", onGone);
  };
}

/**
 * The body React Router's request gets: the bytes `limitBodies` read, or for a streamed allowance
 * a stream that counts what passes and refuses the request once it crosses the limit. Null for a
 * request without a body.
 */
export function requestBody(req, res, { stylesheets = [] } = {}) {
  const state = states.get(req);
  if (!state) return null;
  if (state.body) return state.body;

  let onData, onEnd, onGone;
  const detach = () => {
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("error", onGone);
    req.off("close", onGone);
  };
  return new ReadableStream(
    {
      start(controller) {
        onData = (chunk) => {
          state.seen += chunk.length;
          if (state.seen > state.limit.enforced) {
            detach();
            controller.error(new Error(tooLargeMessage(state.limit)));
            refuse(req, res, state.limit, stylesheets);
            return;
          }
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        onEnd = () => {
          detach();
          controller.close();
        };
        onGone = () => {
          detach();
          controller.error(new Error("The client closed the connection before sending the body."));
        };
        req.on("data", onData);
        req.once("end", onEnd);
        req.once("error", onGone);
        req.once("close", onGone);
      },
      pull() {
        req.resume();
      },
      // A route that stops reading early (its own cap, an early answer) leaves the rest to
      // `drainUnreadBodies`; destroying the request here would also lose the route's answer.
      cancel() {
        detach();
        req.pause();
      },
    },
    { highWaterMark: 64 * KB, size: (chunk) => chunk.byteLength },
  );
}

/**
 * A route that answers before reading the whole body (401, 405, 429, a redirect, its own 413)
 * would leave the client's upload stalled, and the client would see a reset connection instead of
 * the answer. Once answered, the rest is read and dropped, up to the request's limit or
 * LINGER_BYTES, whichever is more: there the server stops reading and closes the connection
 * shortly after.
 */
export function drainUnreadBodies() {
  return (req, res, next) => {
    if (hasBody(req)) lingerBeforeClosing(req, res);
    res.on("finish", () => {
      if (req.complete) return;
      const state = states.get(req);
      if (state?.refused) return; // `refuse` already decided what to read.
      // At least LINGER_BYTES, as after the entry's own 413: stopping sooner closes the socket
      // with unread data, and the reset can reach the client before it has read the answer.
      const budget = state ? state.limit.enforced - state.seen : 0;
      dropRest(req, Math.max(LINGER_BYTES, budget), () => closeUnlessComplete(req, LINGER_MS));
    });
    next();
  };
}
