import { registerViaApi, type TestUser } from "../support/accounts";
import { BILLING_URL } from "../support/env";
import { test } from "../support/fixtures";
import { fuzzPages } from "../support/fuzz";

/**
 * Hostile input on the billing forms, on the server with billing on (the local Stripe-compatible
 * server behind it): a Free owner's plan, change, cancel, resume and portal posts all answer
 * below 500 with a message on the page (tests/support/fuzz.ts).
 */

test.describe.configure({ timeout: 180_000 });

let owner: TestUser;

test.beforeAll(async () => {
  owner = await registerViaApi("billfuzz", BILLING_URL);
});

test.afterAll(async () => {
  await owner.api.dispose();
});

fuzzPages(
  [
    {
      name: "/subscription",
      path: () => "/subscription",
      fields: ["plan"],
      intents: ["change", "cancel", "resume", "portal"],
    },
    { name: "/checkout", path: () => "/checkout", fields: ["plan"] },
  ],
  () => owner.api,
);
