import crypto from "node:crypto";
import path from "node:path";
import compression from "compression";
import express from "express";
import { rateLimit } from "express-rate-limit";
import { createRequestHandler } from "@react-router/express";
import { securityHeaders } from "./security.js";

/** Every POST from one address, across all forms and APIs (sensitive forms have tighter limits). */
const POSTS_PER_MINUTE = 120;

function log(level, msg, fields) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(line + "\n");
}

/**
 * The HTTP entry around the React Router build: compression, static files with long caching for
 * hashed assets, security headers, a POST rate limit and one structured log line per request.
 */
export function createApp({ build, config, clientDir }) {
  const app = express();
  app.disable("x-powered-by");
  // Only behind a proxy we control may X-Forwarded-For decide the client address.
  app.set("trust proxy", config.TRUST_PROXY ? 1 : false);

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      if (req.path === "/healthz" && res.statusCode === 200) return;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log(res.statusCode >= 500 ? "error" : "info", "request", {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        ip: req.ip,
      });
    });
    next();
  });

  // React Router's adapter starts reading every body, so Node no longer discards one a route
  // answered early without reading (401, 405, 415, 429, a redirect): the upload would stall and
  // the client see a reset connection instead of the answer. Drain what is left once answered.
  app.use((req, res, next) => {
    res.on("finish", () => {
      if (req.complete) return;
      // Detach the adapter's reader (it applies back-pressure) and let the rest flow away.
      req.removeAllListeners("data");
      req.resume();
    });
    next();
  });

  app.use(compression());

  app.use((req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    res.set(securityHeaders(res.locals.cspNonce, config));
    next();
  });

  // Cross-site form posts and API calls are refused: a POST must come from our own pages.
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.get("origin");
    if (!origin) return next();
    const allowed = [new URL(config.PUBLIC_URL).origin, `${req.protocol}://${req.get("host")}`];
    if (allowed.includes(origin)) return next();
    res.status(403).json({ error: "Cross-site requests are not allowed." });
  });

  app.use(
    rateLimit({
      windowMs: 60_000,
      limit: POSTS_PER_MINUTE,
      skip: (req) => req.method !== "POST",
      standardHeaders: "draft-8",
      legacyHeaders: false,
      // Without TRUST_PROXY a client-sent X-Forwarded-For is ignored on purpose; don't warn.
      validate: { xForwardedForHeader: false },
      message: { error: "Too many requests. Please wait a minute and try again." },
    }),
  );

  // Vite fingerprints everything under /assets: cache it for a year.
  app.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }),
  );
  app.use(express.static(clientDir, { maxAge: "1h", index: false }));

  app.use(
    createRequestHandler({
      build,
      mode: config.NODE_ENV === "production" ? "production" : "development",
      getLoadContext: (req, res) => ({
        clientIp: req.ip ?? "unknown",
        cspNonce: res.locals.cspNonce,
      }),
    }),
  );
  return app;
}
