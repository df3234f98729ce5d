/**
 * Security headers for every response. The Content-Security-Policy allows our own origin, the
 * per-request nonce for React Router's inline scripts, the click-to-play video embed and, only
 * when configured, the analytics hosts and Stripe's hosted checkout and portal.
 */
export function contentSecurityPolicy(nonce, config) {
  const connect = ["'self'"];
  const scripts = ["'self'", `'nonce-${nonce}'`];
  if (config.POSTHOG_KEY) {
    const posthog = new URL(config.POSTHOG_HOST).origin;
    const assets = posthog.replace(/\/\/([a-z]+)\.i\./, "//$1-assets.i.");
    connect.push(posthog, assets);
    scripts.push(assets);
  }
  if (config.SENTRY_DSN) connect.push(new URL(config.SENTRY_DSN).origin);
  // `npm run dev`: Vite's hot-reload socket listens on a port of its own.
  if (config.NODE_ENV === "development") connect.push("ws:");
  const formTargets = ["'self'", new URL(config.SCHEDULING_URL).origin];
  // Billing forms answer with a redirect to Stripe's hosted checkout or portal (or, in tests, to
  // the Stripe-compatible server's pages): form-action applies to that redirect too.
  if (config.STRIPE_SECRET_KEY) {
    formTargets.push(
      config.STRIPE_API_URL
        ? new URL(config.STRIPE_API_URL).origin
        : "https://checkout.stripe.com https://billing.stripe.com",
    );
  }

  return [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect.join(" ")}`,
    "frame-src https://www.youtube-nocookie.com",
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    `form-action ${formTargets.join(" ")}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

export function securityHeaders(nonce, config) {
  /** @type {Record<string, string>} */
  const headers = {
    "Content-Security-Policy": contentSecurityPolicy(nonce, config),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(self), microphone=(), geolocation=(), payment=()",
  };
  if (config.NODE_ENV === "production") {
    headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  }
  return headers;
}
