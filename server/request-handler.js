import { createRequestHandler as createReactRouterHandler } from "react-router";
import { writeReadableStreamToWritable } from "@react-router/node";
import { requestBody } from "./body-limits.js";

/**
 * React Router behind Express, as @react-router/express does it, with one difference: the body a
 * route reads is the one the entry has already bounded (`requestBody` in body-limits.js), never
 * the raw socket stream, so no route can read more than its limit.
 */
export function createRequestHandler({ build, mode, getLoadContext, stylesheets }) {
  const handleRequest = createReactRouterHandler(build, mode);
  return async (req, res, next) => {
    try {
      const request = toWebRequest(req, res, stylesheets);
      const loadContext = await getLoadContext?.(req, res);
      const response = await handleRequest(request, loadContext);
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function toWebRequest(req, res, stylesheets) {
  // req.hostname and req.host honor X-Forwarded-Host only from a trusted proxy.
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const port = /:(\d+)$/.exec(req.host ?? "")?.[1];
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);

  let controller = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());

  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  const init = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const body = requestBody(req, res, { stylesheets });
    if (body) {
      init.body = body;
      init.duplex = "half";
    }
  }
  return new Request(url.href, init);
}

async function sendResponse(res, response) {
  // Already answered: the entry refused the body (413) while the route was still reading it. Its
  // answer stands; writing headers now would throw, and the error handler would then reset the
  // connection and lose the 413 before the client read it.
  if (res.destroyed || res.writableEnded || res.headersSent) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
