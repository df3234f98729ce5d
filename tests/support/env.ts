import os from "node:os";
import path from "node:path";

/**
 * Where the end-to-end servers keep their data and listen (see playwright.config.ts). The run id
 * is set once by the main Playwright process; its workers inherit it, so every run starts with an
 * empty database of its own.
 */
process.env.E2E_RUN_ID ??= `${process.pid}-${Date.now()}`;

/** Shifts every port, so two checkouts (or two people on one machine) can run the suite at once. */
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const APP_PORT = 3100 + OFFSET;
export const STRICT_PORT = 3101 + OFFSET;
export const STUB_PORT = 3199 + OFFSET;
export const SMTP_PORT = 3125 + OFFSET;
export const SMTP_HTTP_PORT = 3126 + OFFSET;
/** The local OpenAI-compatible server (tests/support/ai-server.js) the main app analyses with. */
export const AI_PORT = 3127 + OFFSET;
export const AI_URL = `http://127.0.0.1:${AI_PORT}`;
/** The third app server: billing on, against the local Stripe-compatible server. */
export const BILLING_PORT = 3102 + OFFSET;
export const STRIPE_PORT = 3128 + OFFSET;
export const STRIPE_URL = `http://127.0.0.1:${STRIPE_PORT}`;
export const BILLING_URL = `http://localhost:${BILLING_PORT}`;
export const STRIPE_WEBHOOK_SECRET = "whsec_e2e";
/** The main app's built-in SMTP listener for forwarded emails (tests/e2e/inbox-forwarding.spec.ts). */
export const INBOUND_SMTP_PORT = 3131 + OFFSET;
export const INBOUND_EMAIL_DOMAIN = "inbound.fleet.test";
export const BASE_URL = `http://localhost:${APP_PORT}`;
/** The Origin header of a post from our own pages (server/app.js refuses cross-site posts). */
export const SAME_ORIGIN = { Origin: BASE_URL };
export const STRICT_URL = `http://localhost:${STRICT_PORT}`;
export const SCHEDULING_URL = `http://127.0.0.1:${STUB_PORT}/schedule`;
export const DATA_DIR = path.join(os.tmpdir(), `fleetassist-e2e-${process.env.E2E_RUN_ID}`);
export const STRICT_DATA_DIR = `${DATA_DIR}-strict`;
export const DB_FILE = path.join(DATA_DIR, "fleetassist.db");
export const VIDEO_ID = "e2eVideo_01";
export const BILLING_DATA_DIR = `${DATA_DIR}-billing`;
export const BILLING_DB_FILE = path.join(BILLING_DATA_DIR, "fleetassist.db");
