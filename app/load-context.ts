import "react-router";

/** What the HTTP server passes to every loader and action (server/app.js). */
declare module "react-router" {
  interface AppLoadContext {
    /** The client's address; X-Forwarded-For is honored only when TRUST_PROXY is set. */
    clientIp: string;
    /** Nonce for this response's Content-Security-Policy. */
    cspNonce: string;
    /** The browser build's folder (production only), where entry.server reads the stylesheet. */
    clientDir?: string | null;
  }
}

export {};
