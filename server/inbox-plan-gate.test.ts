/**
 * The guest inbox is a paid feature: on an account whose plan lacks it (Free, with billing on),
 * the inbox reads as read-only and "Make this a guest message", a page only for making a change,
 * answers 402 with the plan's offer (as "New claim" does), while forwarded email is still
 * received, kept and downloadable. Runs the production build with billing configured
 * against the test Stripe server.
 */
import crypto from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeServer } from "../tests/support/stripe-server.js";
import { latin1EmailWithAttachments } from "../tests/support/inbound-fixtures";
import { startEntryServer, type EntryServer } from "./http-test-support";

let stripe: { url: string; close(): Promise<void> };
let server: EntryServer;

beforeAll(async () => {
  stripe = await startStripeServer({ port: 0 });
  server = await startEntryServer(
    {
      STRIPE_SECRET_KEY: "sk_test_gate",
      STRIPE_WEBHOOK_SECRET: "whsec_gate",
      STRIPE_PRICE_FLEET: "price_fleet",
      STRIPE_PRICE_CONCIERGE: "price_concierge",
      STRIPE_API_URL: stripe.url,
    },
    [5700, 5790],
  );
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

/**
 * Registers a host (on Free) and returns its session cookie and its account's inbound token
 * (written into the database: the page that shows it is gated too).
 */
async function freeHost(): Promise<{ cookie: string; token: string }> {
  const tag = crypto.randomBytes(4).toString("hex");
  const response = await fetch(`${server.origin}/api/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      username: `gate_${tag}`,
      email: `gate-${tag}@example.com`,
      password: `Fleet-${tag}-keys under the mat`,
      firstName: "Gale",
      lastName: "Tester",
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { id: userId } = (await response.json()) as { id: string };
  const cookie = response.headers.getSetCookie().find((line) => line.includes("fa_session"));
  const token = crypto.randomBytes(32).toString("base64url");
  const db = new Database(path.join(server.dataDir, "fleetassist.db"));
  db.pragma("busy_timeout = 5000");
  db.prepare(
    "insert into inbound_tokens (account_id, token) select account_id, ? from memberships where user_id = ?",
  ).run(token, userId);
  db.close();
  return { cookie: cookie!.split(";")[0]!, token };
}

describe("the guest inbox on a plan without it", () => {
  it("'Make this a guest message' answers 402 with the offer; the inbox is read-only; the email is kept", async () => {
    const { cookie, token } = await freeHost();
    const get = (path: string) =>
      fetch(`${server.origin}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
    const original = latin1EmailWithAttachments("gate-1@example.net");
    const posted = await fetch(`${server.origin}/api/inbound/email/${token}`, {
      method: "POST",
      headers: { "Content-Type": "message/rfc822" },
      body: original,
    });
    expect(posted.status).toBe(202);
    const { id } = (await posted.json()) as { id: string };

    const inbox = await get("/dashboard/inbox");
    expect(inbox.status).toBe(200);
    expect(await inbox.text()).toContain("Read-only: ");
    const form = await get(`/dashboard/inbox/email/${id}/guest-message`);
    expect(form.status).toBe(402);
    const offer = await form.text();
    expect(offer).toContain("See plans and upgrade");
    expect(offer).not.toContain("Guest, reservation and message");
    // The email's own bytes stay the host's to download.
    const download = await get(`/dashboard/inbox/email/${id}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(original)).toBe(true);
  });
});
