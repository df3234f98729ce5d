// A small Stripe-compatible API server for tests, Playwright and local runs, so billing is always
// exercised with the real `stripe` package over real HTTP and never against Stripe's servers.
//
// Library: `const stripe = await startStripeServer({ port: 0 })`, then set STRIPE_API_URL to
//          `stripe.url`. Events it would send are in `stripe.events()`; with `webhookUrl` and
//          `webhookSecret` it also POSTs each one, signed, to the app (as Stripe does).
// CLI:     `node tests/support/stripe-server.js --port 3128 --webhook-url http://…/api/stripe/webhook
//          --webhook-secret whsec_test [--webhook-delay-ms 1500]` (runs until killed).
//
// What it answers (the calls the app makes): customers, checkout sessions in subscription mode
// with a hosted checkout page that redirects back to success_url, subscriptions (retrieve,
// update, cancel), billing-portal sessions with a hosted portal page. Test controls under
// /__test: a trial about to end, a failed payment, a recovered one.
import http from "node:http";
import { pathToFileURL } from "node:url";
import Stripe from "stripe";

const DAY = 86_400;
const signer = new Stripe("sk_test_signer").webhooks;

/** `a[b][0][c]=v` form fields (how stripe-node encodes) into nested objects and arrays. */
export function parseStripeForm(text) {
  const root = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]);
      if (last) node[part] = value;
      else node = node[part] ??= nextIsIndex ? [] : {};
    });
  }
  return root;
}

const html = (body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Test checkout</title></head><body style="font-family:sans-serif;max-width:32rem;margin:2rem auto">${body}</body></html>`;

const escape = (text) =>
  String(text).replace(
    /[&<>"]/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c],
  );

export async function startStripeServer({
  port = 0,
  webhookUrl = null,
  webhookSecret = null,
  webhookDelayMs = 0,
  now = () => Math.floor(Date.now() / 1000),
} = {}) {
  let seq = 0;
  const id = (prefix) => `${prefix}_test${String(++seq).padStart(6, "0")}`;
  const customers = new Map();
  const sessions = new Map();
  const subscriptions = new Map();
  const portals = new Map();
  /** Every event, in the order it happened. */
  const events = [];
  const deliveries = [];
  let base = "";

  function emit(type, object) {
    const event = {
      id: id("evt"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: now(),
      livemode: false,
      pending_webhooks: webhookUrl ? 1 : 0,
      type,
      data: { object: structuredClone(object) },
    };
    events.push(event);
    if (webhookUrl && webhookSecret) {
      const delivery = new Promise((resolve) => setTimeout(resolve, webhookDelayMs)).then(() =>
        deliver(event),
      );
      deliveries.push(delivery);
    }
    return event;
  }

  /** POSTs the event to the app, signed as Stripe signs it; retried a few times like Stripe. */
  async function deliver(event) {
    const payload = JSON.stringify(event);
    for (let attempt = 0; attempt < 5; attempt++) {
      const header = signer.generateTestHeaderString({ payload, secret: webhookSecret });
      try {
        const res = await fetch(webhookUrl, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Stripe-Signature": header },
          body: payload,
        });
        if (res.ok) return res.status;
      } catch {
        // The app may not be up yet: try again.
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
    }
    return 0;
  }

  const invoiceFor = (sub, status) => ({
    id: id("in"),
    object: "invoice",
    customer: sub.customer,
    status,
    amount_due: 0,
    parent: { type: "subscription_details", subscription_details: { subscription: sub.id } },
  });

  function createSubscription(session) {
    const trialDays = Number(session.subscription_data?.trial_period_days ?? 0);
    const start = now();
    const periodEnd = start + (trialDays ? trialDays * DAY : 30 * DAY);
    const line = session.line_items?.[0] ?? {};
    const sub = {
      id: id("sub"),
      object: "subscription",
      customer: session.customer,
      status: trialDays ? "trialing" : "active",
      created: start,
      cancel_at_period_end: false,
      trial_end: trialDays ? periodEnd : null,
      metadata: { ...(session.subscription_data?.metadata ?? {}) },
      items: {
        object: "list",
        data: [
          {
            id: id("si"),
            object: "subscription_item",
            price: { id: line.price, object: "price" },
            quantity: Number(line.quantity ?? 1),
            current_period_start: start,
            current_period_end: periodEnd,
          },
        ],
      },
    };
    subscriptions.set(sub.id, sub);
    return sub;
  }

  /** The hosted checkout's "pay" button: subscription, events, back to the app. */
  function completeCheckout(sessionId) {
    const session = sessions.get(sessionId);
    if (!session || session.status !== "open") return null;
    const sub = createSubscription(session);
    Object.assign(session, { status: "complete", payment_status: "paid", subscription: sub.id });
    emit("customer.subscription.created", sub);
    emit("checkout.session.completed", session);
    emit("invoice.paid", invoiceFor(sub, "paid"));
    return session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id);
  }

  function setStatus(subId, status) {
    const sub = subscriptions.get(subId);
    if (!sub) throw new Error(`No such subscription: ${subId}`);
    sub.status = status;
    if (status === "active") sub.trial_end = sub.trial_end && Math.min(sub.trial_end, now());
    return sub;
  }

  const controls = {
    /** Stripe's 3-days-ahead notice of a trial's end. */
    trialWillEnd(subId) {
      return emit("customer.subscription.trial_will_end", subscriptions.get(subId));
    },
    /** A renewal charge declined: past due, with the invoice's failure. */
    failPayment(subId) {
      const sub = setStatus(subId, "past_due");
      const updated = emit("customer.subscription.updated", sub);
      return [emit("invoice.payment_failed", invoiceFor(sub, "open")), updated];
    },
    /** The retry (or a new card) paid: active again. */
    recoverPayment(subId) {
      const sub = setStatus(subId, "active");
      return [
        emit("invoice.paid", invoiceFor(sub, "paid")),
        emit("customer.subscription.updated", sub),
      ];
    },
    /** The trial or period ran out without a card: canceled. */
    cancelNow(subId) {
      return emit("customer.subscription.deleted", setStatus(subId, "canceled"));
    },
  };

  const notFound = (res, what) =>
    send(res, 404, {
      error: {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such ${what}`,
      },
    });

  async function route(req, res, body) {
    const url = new URL(req.url, base);
    const path = url.pathname;
    const method = req.method;
    if (path === "/health") return send(res, 200, { ok: true });

    // The hosted pages (what Stripe shows the host), plain HTML forms: they work without JS.
    let m = /^\/checkout\/(cs_[\w]+)$/.exec(path);
    if (m && method === "GET") {
      const session = sessions.get(m[1]);
      if (!session) return notFound(res, "checkout session");
      const trial = session.subscription_data?.trial_period_days;
      return sendHtml(
        res,
        html(`<h1>Test checkout</h1><p>Plan price ${escape(session.line_items?.[0]?.price)} × ${escape(session.line_items?.[0]?.quantity ?? 1)}${trial ? `, ${escape(trial)}-day trial` : ""}.</p>
<form method="post" action="/checkout/${session.id}/complete"><button type="submit">${trial ? "Start trial" : "Subscribe"}</button></form>
<p><a href="${escape(session.cancel_url)}">Back</a></p>`),
      );
    }
    m = /^\/checkout\/(cs_[\w]+)\/complete$/.exec(path);
    if (m && method === "POST") {
      const to = completeCheckout(m[1]);
      if (!to) return notFound(res, "open checkout session");
      res.writeHead(303, { Location: to }).end();
      return;
    }
    m = /^\/portal\/(bps_[\w]+)$/.exec(path);
    if (m && method === "GET") {
      const portal = portals.get(m[1]);
      if (!portal) return notFound(res, "portal session");
      return sendHtml(
        res,
        html(
          `<h1>Test customer portal</h1><p>Invoices and payment methods of ${escape(portal.customer)}.</p><p><a href="${escape(portal.return_url)}">Return</a></p>`,
        ),
      );
    }

    // Test controls.
    m = /^\/__test\/(trial-will-end|fail-payment|recover-payment|cancel-now)\/(sub_[\w]+)$/.exec(
      path,
    );
    if (m && method === "POST") {
      if (!subscriptions.has(m[2])) return notFound(res, "subscription");
      const name = {
        "trial-will-end": "trialWillEnd",
        "fail-payment": "failPayment",
        "recover-payment": "recoverPayment",
        "cancel-now": "cancelNow",
      }[m[1]];
      controls[name](m[2]);
      return send(res, 200, { ok: true });
    }
    if (path === "/__test/state" && method === "GET") {
      return send(res, 200, {
        subscriptions: [...subscriptions.values()],
        sessions: [...sessions.values()],
      });
    }

    // The API.
    if (!/^Bearer sk_/.test(req.headers.authorization ?? "")) {
      return send(res, 401, {
        error: { type: "authentication_error", message: "Invalid API key provided" },
      });
    }
    const params = parseStripeForm(body);
    if (path === "/v1/customers" && method === "POST") {
      const customer = {
        id: id("cus"),
        object: "customer",
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return send(res, 200, customer);
    }
    if (path === "/v1/checkout/sessions" && method === "POST") {
      if (params.mode !== "subscription") {
        return send(res, 400, {
          error: {
            type: "invalid_request_error",
            message: "Only subscription mode is supported here",
          },
        });
      }
      if (!customers.has(params.customer)) return notFound(res, `customer: ${params.customer}`);
      const sessionId = id("cs");
      const session = {
        id: sessionId,
        object: "checkout.session",
        mode: "subscription",
        status: "open",
        payment_status: "unpaid",
        customer: params.customer,
        client_reference_id: params.client_reference_id ?? null,
        metadata: params.metadata ?? {},
        line_items: params.line_items ?? [],
        subscription_data: params.subscription_data ?? {},
        payment_method_collection: params.payment_method_collection ?? "always",
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        subscription: null,
        url: `${base}/checkout/${sessionId}`,
      };
      sessions.set(sessionId, session);
      return send(res, 200, session);
    }
    m = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
    if (m) {
      const sub = subscriptions.get(m[1]);
      if (!sub) return notFound(res, `subscription: ${m[1]}`);
      if (method === "GET") return send(res, 200, sub);
      if (method === "POST") {
        if (params.cancel_at_period_end !== undefined)
          sub.cancel_at_period_end = params.cancel_at_period_end === "true";
        if (params.metadata) sub.metadata = { ...sub.metadata, ...params.metadata };
        const item = params.items?.[0];
        if (item?.price) sub.items.data[0].price = { id: item.price, object: "price" };
        if (item?.quantity) sub.items.data[0].quantity = Number(item.quantity);
        emit("customer.subscription.updated", sub);
        return send(res, 200, sub);
      }
      if (method === "DELETE") {
        sub.status = "canceled";
        emit("customer.subscription.deleted", sub);
        return send(res, 200, sub);
      }
    }
    if (path === "/v1/billing_portal/sessions" && method === "POST") {
      if (!customers.has(params.customer)) return notFound(res, `customer: ${params.customer}`);
      const portal = {
        id: id("bps"),
        object: "billing_portal.session",
        customer: params.customer,
        return_url: params.return_url,
      };
      portal.url = `${base}/portal/${portal.id}`;
      portals.set(portal.id, portal);
      return send(res, 200, portal);
    }
    return send(res, 404, {
      error: {
        type: "invalid_request_error",
        message: `Unrecognized request URL (${method}: ${path})`,
      },
    });
  }

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      Promise.resolve(route(req, res, Buffer.concat(chunks).toString("utf8"))).catch((error) =>
        send(res, 500, { error: { type: "api_error", message: String(error) } }),
      );
    });
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  base = `http://127.0.0.1:${actualPort}`;

  return {
    url: base,
    port: actualPort,
    /** Every event so far (copies), oldest first. */
    events: () => structuredClone(events),
    subscription: (subId) => structuredClone(subscriptions.get(subId)),
    sessions: () => structuredClone([...sessions.values()]),
    /** The hosted checkout's button, without a browser: returns the success URL. */
    completeCheckout,
    ...controls,
    /** Waits until every webhook delivery so far has finished. */
    settle: () => Promise.all(deliveries),
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

function send(res, status, body) {
  res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${Date.now()}` });
  res.end(JSON.stringify(body));
}

function sendHtml(res, body) {
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
  res.end(body);
}

function argValue(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(argValue("--port") ?? 3128);
  const stripe = await startStripeServer({
    port,
    webhookUrl: argValue("--webhook-url") ?? null,
    webhookSecret: argValue("--webhook-secret") ?? null,
    webhookDelayMs: Number(argValue("--webhook-delay-ms") ?? 0),
  });
  console.log(`Stripe-compatible test server listening on ${stripe.url}`);
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      stripe.close().then(() => process.exit(0));
    });
  }
}
