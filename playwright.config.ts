import { defineConfig, devices } from "@playwright/test";
import {
  AI_PORT,
  AI_URL,
  APP_PORT,
  BASE_URL,
  BILLING_DATA_DIR,
  BILLING_PORT,
  BILLING_URL,
  DATA_DIR,
  INBOUND_EMAIL_DOMAIN,
  INBOUND_SMTP_PORT,
  SCHEDULING_URL,
  SMTP_HTTP_PORT,
  SMTP_PORT,
  STRICT_DATA_DIR,
  STRICT_PORT,
  STRIPE_PORT,
  STRIPE_URL,
  STRIPE_WEBHOOK_SECRET,
  STUB_PORT,
  VIDEO_ID,
} from "./tests/support/env";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const serverEnv = {
  NODE_ENV: "production",
  SCHEDULING_URL,
  LOG_LEVEL: "warn",
};

export default defineConfig({
  testDir: "tests/e2e",
  globalTeardown: "./tests/support/global-teardown.ts",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      command: "node tests/support/smtp-sink.js",
      url: `http://127.0.0.1:${SMTP_HTTP_PORT}/healthz`,
      env: { SMTP_PORT: String(SMTP_PORT), SMTP_HTTP_PORT: String(SMTP_HTTP_PORT) },
      reuseExistingServer: false,
    },
    {
      command: `node tests/support/scheduling-stub.js`,
      url: `http://127.0.0.1:${STUB_PORT}/healthz`,
      env: { STUB_PORT: String(STUB_PORT) },
      reuseExistingServer: false,
    },
    {
      command: `node tests/support/ai-server.js --port ${AI_PORT}`,
      url: `${AI_URL}/health`,
      reuseExistingServer: false,
    },
    {
      // The Stripe-compatible test server: hosted checkout, subscriptions, signed webhooks to the
      // billing server (delayed, so the success page's "processing" state is seen).
      command: `node tests/support/stripe-server.js --port ${STRIPE_PORT} --webhook-url ${BILLING_URL}/api/stripe/webhook --webhook-secret ${STRIPE_WEBHOOK_SECRET} --webhook-delay-ms 1500`,
      url: `${STRIPE_URL}/health`,
      reuseExistingServer: false,
    },
    {
      // The main app, analysing photos with the local AI server. TRUST_PROXY lets each test use its own X-Forwarded-For address, so
      // per-address rate limits don't leak between tests.
      command: "node server/index.js",
      url: `${BASE_URL}/healthz`,
      env: {
        ...serverEnv,
        PORT: String(APP_PORT),
        PUBLIC_URL: BASE_URL,
        DATA_DIR,
        TRUST_PROXY: "loopback",
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        PROMO_VIDEO_YOUTUBE_ID: VIDEO_ID,
        AI_BASE_URL: `${AI_URL}/v1`,
        AI_API_KEY: "e2e-key",
        AI_MODEL: "scenario:recorded",
        // Forwarded emails arrive by SMTP too; the strict server has no listener.
        INBOUND_SMTP_PORT: String(INBOUND_SMTP_PORT),
        INBOUND_EMAIL_DOMAIN,
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // Billing on (tests/e2e/billing.spec.ts): plans, checkout and gating. The main and strict
      // servers stay self-hosted (no Stripe key), so every other spec has every feature.
      command: "node server/index.js",
      url: `${BILLING_URL}/healthz`,
      env: {
        ...serverEnv,
        PORT: String(BILLING_PORT),
        PUBLIC_URL: BILLING_URL,
        DATA_DIR: BILLING_DATA_DIR,
        TRUST_PROXY: "loopback",
        STRIPE_SECRET_KEY: "sk_test_e2e",
        STRIPE_WEBHOOK_SECRET,
        STRIPE_PRICE_FLEET: "price_fleet_e2e",
        STRIPE_PRICE_CONCIERGE: "price_concierge_e2e",
        STRIPE_API_URL: STRIPE_URL,
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // Default proxy settings (X-Forwarded-For must not be trusted) and no AI: hosts tag by hand.
      command: "node server/index.js",
      url: `http://localhost:${STRICT_PORT}/healthz`,
      env: {
        ...serverEnv,
        PORT: String(STRICT_PORT),
        PUBLIC_URL: `http://localhost:${STRICT_PORT}`,
        DATA_DIR: STRICT_DATA_DIR,
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
