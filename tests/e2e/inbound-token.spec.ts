import {
  registerTenancyCast,
  registerViaApi,
  signedInContext,
  type TestUser,
} from "../support/accounts";
import { expect, test } from "../support/fixtures";

/**
 * The owner replaces the inbound address from the inbox's forwarding settings (a plain form
 * post, JavaScript on and off, on a phone): the page shows the new webhook URL, a post to the old
 * one answers 404 and the new one takes email.
 */

test.use({ viewport: { width: 390, height: 844 } });

const EMAIL = [
  "From: Turo <noreply@mail.turo.com>",
  "Subject: Your trip receipt",
  "Content-Type: text/plain; charset=utf-8",
  "",
  "Thanks for hosting.",
  "",
].join("\r\n");

// Each test's users are disposed when that test ends (a context outliving its test may already be
// closed by the runner).
const hosts: TestUser[] = [];
test.afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.api.dispose()));
});

for (const javaScriptEnabled of [true, false]) {
  test(`the owner makes a new inbound address; the old one answers 404 (JS ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
    request,
  }) => {
    const host = await registerViaApi(`rotate${javaScriptEnabled ? "js" : "nojs"}`);
    hosts.push(host);
    const before = ((await (await host.api.get("/api/inbound")).json()) as { webhookUrl: string })
      .webhookUrl;
    const oldPath = new URL(before).pathname;
    const post = (path: string, id: string) =>
      request.post(path, {
        headers: { "Content-Type": "message/rfc822" },
        data: `Message-ID: <${id}@mail.turo.com>\r\n${EMAIL}`,
      });
    expect((await post(oldPath, `before-${javaScriptEnabled}`)).status()).toBe(202);

    const { context, page } = await signedInContext(browser, host, javaScriptEnabled);
    await page.goto("/dashboard/inbox/setup");
    await expect(page.getByLabel("Inbound webhook URL")).toHaveValue(before);
    await page.getByRole("button", { name: "Make a new address" }).click();
    await expect(page.getByText("New forwarding address made", { exact: true })).toBeVisible();
    const shown = page.getByLabel("Inbound webhook URL");
    await expect(shown).not.toHaveValue(before);
    const after = await shown.inputValue();
    expect(new URL(after).pathname).toMatch(/^\/api\/inbound\/email\/[\w-]{43}$/);
    await context.close();

    const old = await post(oldPath, `after-old-${javaScriptEnabled}`);
    expect(old.status()).toBe(404);
    expect(await old.json()).toMatchObject({ error: expect.any(String) });
    expect((await post(new URL(after).pathname, `after-new-${javaScriptEnabled}`)).status()).toBe(
      202,
    );
  });
}

test("only the owner, signed in, can make a new inbound address for the account", async ({
  request,
}) => {
  const cast = await registerTenancyCast("rotatetenancy");
  hosts.push(cast.ownerA, cast.ownerB, cast.teamA, cast.vaA);
  const webhook = async (user: TestUser) =>
    ((await (await user.api.get("/api/inbound")).json()) as { webhookUrl: string }).webhookUrl;
  const before = await webhook(cast.ownerA);
  // Working in A, the team member and the VA are refused; B's post changes only B's address.
  for (const member of [cast.teamA, cast.vaA]) {
    const refused = await member.api.post("/dashboard/inbox/new-address", {
      form: {},
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ error: "Only the account owner can do that." });
  }
  const bBefore = await webhook(cast.ownerB);
  const own = await cast.ownerB.api.post("/dashboard/inbox/new-address", {
    form: {},
    maxRedirects: 0,
  });
  expect(own.status()).toBe(302);
  expect(await webhook(cast.ownerB)).not.toBe(bBefore);
  // Signed out: sent to sign in, nothing changes.
  const signedOut = await request.post("/dashboard/inbox/new-address", {
    form: {},
    maxRedirects: 0,
    headers: { Origin: new URL(before).origin },
  });
  expect([302, 303]).toContain(signedOut.status());
  expect(signedOut.headers()["location"]).toMatch(/^\/auth\?redirectTo=/);
  expect(await webhook(cast.ownerA)).toBe(before);
});
