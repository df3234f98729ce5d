import http from "node:http";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeServer } from "../tests/support/stripe-server.js";
import { startEntryServer, type EntryServer } from "./http-test-support";
import { WEBHOOK_FAILURES } from "./app.js";

const SECRET = "whsec_entry_test";
const signer = new Stripe("sk_test_signer").webhooks;

let stripe: { url: string; close(): Promise<void> };
let server: EntryServer;

beforeAll(async () => {
  stripe = await startStripeServer({ port: 0 });
  server = await startEntryServer(
    {
      STRIPE_SECRET_KEY: "sk_test_entry",
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_PRICE_FLEET: "price_fleet",
      STRIPE_PRICE_CONCIERGE: "price_concierge",
      STRIPE_API_URL: stripe.url,
    },
    [5600, 5690],
  );
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

/** POSTs to the webhook from `localAddress` (any 127.x address is this machine on Linux). */
function post(payload: string, signature: string, localAddress: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port: server.port,
          path: "/api/stripe/webhook",
          method: "POST",
          localAddress,
          agent: false,
          headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        },
        (response) => {
          let body = "";
          response.on("data", (chunk: Buffer) => (body += chunk.toString()));
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
          );
        },
      );
      request.on("error", reject);
      request.end(payload);
    },
  );
}

/** An event Stripe sends that the app records and otherwise ignores (no call back to Stripe). */
function event(n: number) {
  const payload = JSON.stringify({
    id: `evt_entry_${n}_${Date.now()}`,
    object: "event",
    type: "customer.created",
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: `cus_entry_${n}`, object: "customer" } },
  });
  return { payload, signature: signer.generateTestHeaderString({ payload, secret: SECRET }) };
}

describe("failed Stripe webhook deliveries", () => {
  it("are limited per client address: a 429 with Retry-After once an address has too many, except for signed ones", async () => {
    const flooder = "127.0.0.2";
    const bad = event(0);
    for (let i = 0; i < WEBHOOK_FAILURES.max; i++) {
      expect((await post(bad.payload, "t=1,v1=bad", flooder)).status).toBe(400);
    }
    const refused = await post(bad.payload, "t=1,v1=bad", flooder);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(JSON.parse(refused.body)).toEqual({
      error: expect.stringMatching(/^Too many failed webhook deliveries/),
      message: expect.stringMatching(/^Too many failed webhook deliveries/),
    });
    // A correctly signed delivery from that address still gets through (Stripe may share it).
    const genuine = event(2);
    expect((await post(genuine.payload, genuine.signature, flooder)).status).toBe(200);
    // Signed bodies that are not events count as failures too.
    const other = "127.0.0.3";
    const payload = "[]";
    const signature = signer.generateTestHeaderString({ payload, secret: SECRET });
    for (let i = 0; i < WEBHOOK_FAILURES.max; i++) {
      expect((await post(payload, signature, other)).status).toBe(400);
    }
    expect((await post(payload, "t=1,v1=bad", other)).status).toBe(429);
    // Another address is not affected.
    const good = event(1);
    expect((await post(good.payload, good.signature, "127.0.0.4")).status).toBe(200);
  });

  it(
    "correct deliveries are never counted or limited, beyond the POST limit too",
    { timeout: 60_000 },
    async () => {
      const stripeAddress = "127.0.0.5";
      const statuses: number[] = [];
      // More than the per-address POST limit (120 a minute) allows anyone else.
      for (let i = 0; i < 150; i++) {
        const { payload, signature } = event(100 + i);
        statuses.push((await post(payload, signature, stripeAddress)).status);
      }
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      // A few failures among them don't block the address either.
      for (let i = 0; i < 5; i++) {
        expect((await post("{}", "t=1,v1=bad", stripeAddress)).status).toBe(400);
      }
      const { payload, signature } = event(999);
      expect((await post(payload, signature, stripeAddress)).status).toBe(200);
    },
  );
});
