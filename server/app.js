import crypto from "node:crypto";
import path from "node:path";
import compression from "compression";
import express from "express";
import { ipKeyGenerator, rateLimit } from "express-rate-limit";
import Stripe from "stripe";
import { drainUnreadBodies, limitBodies, requestBody, routeAllowances } from "./body-limits.js";
import { jsonErrorBody } from "./json-error.js";
import { redactUrl } from "./redact.js";
import { createRequestHandler } from "./request-handler.js";
import { securityHeaders } from "./security.js";

/**
 * Every POST from one address a minute, across all forms and APIs (sensitive forms have tighter
 * limits), unless POSTS_PER_MINUTE says otherwise.
 */
const POSTS_PER_MINUTE = 120;

/** Signed machine-to-machine POSTs the per-address limit leaves alone. */
const WEBHOOK_PATHS = new Set(["/api/stripe/webhook"]);

/**
 * The inbound email webhook: its token is its credential, and a provider posts for many accounts
 * from one address, so it is limited per token rather than per address.
 */
const INBOUND_WEBHOOK = /^\/api\/inbound\/email\/([^/]+)(?:\/mime)?\/?$/i;
/** Emails to one token a minute: far above a real inbox's busiest minute. */
const INBOUND_POSTS_PER_TOKEN = 600;
/** Posts to tokens that don't exist (404), per address a minute: guessing stays slow. */
const INBOUND_UNKNOWN_TOKEN_POSTS = 60;

/**
 * Failed deliveries to a webhook (a bad signature, a body that isn't an event: any 4xx) one
 * address may make in a window before its posts there are refused with a 429 until the window
 * ends. Correct deliveries never count, and still get through from an address past its limit.
 */
export const WEBHOOK_FAILURES = { max: 30, windowMs: 60_000 };

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 };

/** JSON log lines at or above LOG_LEVEL, like app/lib/runtime/logger.server.ts. */
export function createLog(minimum = "info") {
  return (level, msg, fields) => {
    if (LEVELS[level] < (LEVELS[minimum] ?? LEVELS.info)) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
    (level === "error" || level === "warn" ? process.stderr : process.stdout).write(line + "\n");
  };
}

/**
 * Limits answers of 404 per client address: once an address has had `limit` of them in the
 * window, its next requests (those `skip` doesn't leave alone) answer 429. Only the answers
 * count, so requests still in flight never hold up an address that sends many good ones.
 */
function limitMisses(skip, limit, windowMs) {
  const misses = new Map();
  return (req, res, next) => {
    if (skip(req)) return next();
    const key = ipKeyGenerator(req.ip ?? "");
    const now = Date.now();
    const entry = misses.get(key);
    if (entry && entry.resetAt > now && entry.count >= limit) {
      res.set("Retry-After", String(Math.ceil((entry.resetAt - now) / 1000)));
      res.status(429).json(jsonErrorBody("Too many requests. Please wait a minute and try again."));
      return;
    }
    res.on("finish", () => {
      if (res.statusCode !== 404) return;
      const at = Date.now();
      const current = misses.get(key);
      if (current && current.resetAt > at) current.count += 1;
      else misses.set(key, { count: 1, resetAt: at + windowMs });
      if (misses.size > 50_000) {
        for (const [k, v] of misses) if (v.resetAt <= at) misses.delete(k);
      }
    });
    next();
  };
}

/**
 * The HTTP entry around the React Router build: compression, static files with long caching for
 * hashed assets, security headers, bounded request bodies, a POST rate limit and one structured
 * log line per request.
 */
export function createApp({ build, config, clientDir }) {
  const log = createLog(config.LOG_LEVEL);
  const app = express();
  app.disable("x-powered-by");
  // Only a proxy we name (by address or hop count) may decide the client address through
  // X-Forwarded-For; from anyone else the header is ignored.
  app.set("trust proxy", config.TRUST_PROXY ?? false);
  if (process.env.TRUST_PROXY?.trim().toLowerCase() === "true") {
    log("warn", "TRUST_PROXY=true is deprecated", {
      detail:
        "It now trusts proxies on loopback and private addresses only. Set the proxy's address, a CIDR range or a hop count instead (README, Configuration).",
    });
  }

  // One line per request; static files at debug level, so a first page load isn't a screenful.
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    // Taken now: inside a mounted middleware (/assets) req.path is relative to the mount.
    const requestPath = req.path;
    res.on("finish", () => {
      if (requestPath === "/healthz" && res.statusCode === 200) return;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const level = res.statusCode >= 500 ? "error" : res.locals.staticFile ? "debug" : "info";
      log(level, "request", {
        method: req.method,
        // Tokens in paths are credentials: never written to the log.
        path: redactUrl(requestPath),
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        ip: req.ip,
      });
    });
    next();
  });

  app.use(drainUnreadBodies());

  app.use((req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    res.set(securityHeaders(res.locals.cspNonce, config));
    next();
  });

  // Every body is bounded before anything reads it (server/body-limits.js). Its 413 goes out
  // uncompressed, so the client gets the whole answer while it is still sending.
  const stylesheets = (build.assets?.routes?.root?.css ?? []).map((href) =>
    href.startsWith("/") ? href : `${build.publicPath ?? "/"}${href}`,
  );
  app.use(limitBodies({ allowances: routeAllowances(config), stylesheets }));

  // Once the (small) body is read, so the connection stays open for the next post, and before
  // the app: an address past its failures is answered here for next to nothing.
  app.use(
    limitFailedWebhooks(WEBHOOK_PATHS, {
      ...WEBHOOK_FAILURES,
      isSigned: (req, res) => stripeSignatureHolds(req, res, config.STRIPE_WEBHOOK_SECRET),
    }),
  );

  app.use(compression());

  // Cross-site form posts and API calls are refused: a POST must come from our own pages.
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.get("origin");
    if (!origin) return next();
    const allowed = [new URL(config.PUBLIC_URL).origin, `${req.protocol}://${req.get("host")}`];
    if (allowed.includes(origin)) return next();
    res.status(403).json(jsonErrorBody("Cross-site requests are not allowed."));
  });

  app.use(
    rateLimit({
      windowMs: 60_000,
      limit: config.POSTS_PER_MINUTE ?? POSTS_PER_MINUTE,
      // Stripe's webhook is signed and retried in bursts: limiting it would only delay billing.
      // The inbound email webhook has its own limits, below.
      skip: (req) =>
        req.method !== "POST" || WEBHOOK_PATHS.has(req.path) || INBOUND_WEBHOOK.test(req.path),
      standardHeaders: "draft-8",
      legacyHeaders: false,
      // Without a trusted proxy a client-sent X-Forwarded-For is ignored on purpose; don't warn.
      validate: { xForwardedForHeader: false },
      message: jsonErrorBody("Too many requests. Please wait a minute and try again."),
    }),
  );

  const notInboundPost = (req) => req.method !== "POST" || !INBOUND_WEBHOOK.test(req.path);
  app.use(limitMisses(notInboundPost, INBOUND_UNKNOWN_TOKEN_POSTS, 60_000));
  app.use(
    rateLimit({
      windowMs: 60_000,
      limit: INBOUND_POSTS_PER_TOKEN,
      skip: notInboundPost,
      keyGenerator: (req) => INBOUND_WEBHOOK.exec(req.path)?.[1] ?? "",
      standardHeaders: "draft-8",
      legacyHeaders: false,
      validate: { xForwardedForHeader: false },
      message: jsonErrorBody(
        "Too many emails to this address. Please wait a minute and try again.",
      ),
    }),
  );

  const markStatic = (res) => {
    res.locals.staticFile = true;
  };
  // The built browser files (the dev server has Vite serve them instead). Vite fingerprints
  // everything under /assets: cache it for a year.
  if (clientDir) {
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), {
        immutable: true,
        maxAge: "1y",
        index: false,
        setHeaders: markStatic,
      }),
    );
    app.use(express.static(clientDir, { maxAge: "1h", index: false, setHeaders: markStatic }));
  }

  app.use(
    createRequestHandler({
      build,
      mode: config.NODE_ENV === "production" ? "production" : "development",
      stylesheets,
      getLoadContext: (req, res) => ({
        clientIp: req.ip ?? "unknown",
        cspNonce: res.locals.cspNonce,
        clientDir,
      }),
    }),
  );
  return app;
}

/**
 * Counts each address's failed posts to the webhooks (answers 400–499 but 429) in fixed windows.
 * Once an address has `max` in the current one, its posts there are refused with a 429 and
 * Retry-After, except those `isSigned` accepts (checked only then, on the body already read): an
 * attacker sharing an address with Stripe (behind one proxy, say) can't hold up its deliveries.
 */
export function limitFailedWebhooks(paths, { max, windowMs, isSigned = () => false }) {
  /** Client address → its failures in the current window. */
  const windows = new Map();
  const sweep = (now) => {
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  };
  return (req, res, next) => {
    if (req.method !== "POST" || !paths.has(req.path)) return next();
    const key = req.ip ?? "unknown";
    const now = Date.now();
    const window = windows.get(key);
    if (window && window.resetAt > now && window.count >= max && !isSigned(req, res)) {
      const retryAfter = Math.ceil((window.resetAt - now) / 1000);
      res.set("Retry-After", String(retryAfter));
      res
        .status(429)
        .json(
          jsonErrorBody(
            "Too many failed webhook deliveries from this address. Please wait a minute and try again.",
          ),
        );
      return;
    }
    res.on("finish", () => {
      const status = res.statusCode;
      if (status < 400 || status >= 500 || status === 429) return;
      const at = Date.now();
      const current = windows.get(key);
      if (current && current.resetAt > at) {
        current.count += 1;
        return;
      }
      windows.set(key, { count: 1, resetAt: at + windowMs });
      if (windows.size > 50_000) sweep(at);
    });
    next();
  };
}

/** Whether the post's body (read by limitBodies) carries Stripe's valid signature. */
function stripeSignatureHolds(req, res, secret) {
  const header = req.get("stripe-signature");
  const body = requestBody(req, res);
  if (!secret || !header || !Buffer.isBuffer(body)) return false;
  try {
    Stripe.webhooks.constructEvent(body, header, secret);
    return true;
  } catch {
    return false;
  }
}
