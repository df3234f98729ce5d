import {
  accountIdOf,
  browserContext,
  disposeAll,
  joinByInvitation,
  newUserDetails,
  registerViaApi,
  type TestUser,
} from "../support/accounts";
import { BASE_URL } from "../support/env";
import { expect, query, seriousA11yViolations, test, waitForHydration } from "../support/fixtures";

/**
 * The concierge queue: an owner invites a VA; a guest's email escalates in the owner's account;
 * the VA, signed in as themself and viewing their own account, sees it in /concierge-dashboard,
 * takes it, is refused marking a trip-change escalation done, passes it to the owner; the owner
 * sees it and decides. A VA of another account gets 404. A shift starts and ends with its report.
 * JavaScript on and off.
 */

const ORIGIN = { Origin: BASE_URL };

function guestEmail(messageId: string, reservation: string) {
  return [
    "From: Turo <noreply@mail.turo.com>",
    "To: host@fleet.test",
    "Subject: New message from Jordan L.",
    `Message-ID: <${messageId}@mail.turo.com>`,
    `Date: ${new Date().toUTCString()}`,
    "MIME-Version: 1.0",
    'Content-Type: text/plain; charset="utf-8"',
    "",
    "Jordan L. wrote:",
    "Hi! Can I extend the trip by another day? And is there a discount for that?",
    "",
    `https://turo.com/us/en/reservation/${reservation}/messages`,
  ].join("\r\n");
}

interface Setup {
  owner: TestUser;
  va: TestUser;
  outsider: TestUser;
  outsiderOwner: TestUser;
  accountId: string;
}

/** Owner A with VA A (viewing their own account), and a VA serving only owner B. */
async function setup(label: string): Promise<Setup> {
  const [owner, va, outsiderOwner, outsider] = await Promise.all([
    registerViaApi(`${label}own`),
    registerViaApi(`${label}va`),
    registerViaApi(`${label}ownb`),
    registerViaApi(`${label}vab`),
  ]);
  await joinByInvitation([
    { owner, member: va, role: "va" },
    { owner: outsiderOwner, member: outsider, role: "va" },
  ]);
  // Back to their own account: acting on the owner's items must not need a switch.
  const switched = await va.api.post("/api/user/switch-account", {
    data: { accountId: accountIdOf(va.id) },
    headers: ORIGIN,
  });
  expect(switched.status(), await switched.text()).toBe(200);
  const accountId = accountIdOf(owner.id);
  const { webhookUrl } = (await (await owner.api.get("/api/inbound")).json()) as {
    webhookUrl: string;
  };
  const posted = await owner.api.post(new URL(webhookUrl).pathname, {
    headers: { "Content-Type": "message/rfc822" },
    data: guestEmail(`${label}-${Date.now()}`, `55${Date.now() % 1_000_000}`),
  });
  expect(posted.status(), await posted.text()).toBe(202);
  return { owner, va, outsider, outsiderOwner, accountId };
}

function escalationOf(accountId: string) {
  const [row] = query<{ id: string; title: string }>(
    "select id, title from queue_items where account_id = ? and kind = 'escalation'",
    accountId,
  );
  return row;
}

function post(user: TestUser, form: Record<string, string>, path = "/concierge-dashboard") {
  return user.api.post(path, { form, headers: ORIGIN, maxRedirects: 0 });
}

test.describe("concierge queue", () => {
  let people: Setup | undefined;
  test.afterEach(async () => {
    if (people) await disposeAll(people.owner, people.va, people.outsider, people.outsiderOwner);
    people = undefined;
  });

  test("VA permissions are enforced on the server, other accounts get 404, every action is logged", async () => {
    test.setTimeout(90_000);
    people = await setup("ccapi");
    const { owner, va, outsider, accountId } = people;
    // The queue is synced when the page loads.
    const page = await va.api.get("/concierge-dashboard");
    expect(page.status()).toBe(200);
    const item = escalationOf(accountId)!;
    expect(await page.text()).toContain(item.title);

    expect((await post(va, { intent: "take", itemId: item.id })).status()).toBe(302);
    const refused = await post(va, { intent: "done", itemId: item.id });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain(
      "which the owner decides in this account: pass it to the owner.",
    );

    // A VA of another account: 404 for the item and for the account filter, nothing changes.
    expect((await post(outsider, { intent: "done", itemId: item.id })).status()).toBe(404);
    expect((await post(outsider, { intent: "for-owner", itemId: item.id })).status()).toBe(404);
    expect((await outsider.api.get(`/concierge-dashboard?account=${accountId}`)).status()).toBe(
      404,
    );
    expect(await (await outsider.api.get("/concierge-dashboard")).text()).not.toContain(item.title);

    // Bad input is a 4xx, never a 500.
    expect((await post(va, { intent: "done" })).status()).toBe(400);
    expect((await post(va, { intent: "fly" })).status()).toBe(400);
    expect((await post(va, { intent: "reopen", itemId: item.id })).status()).toBe(403);

    expect((await post(va, { intent: "for-owner", itemId: item.id })).status()).toBe(302);
    expect(await (await owner.api.get("/concierge-dashboard")).text()).toContain("For the owner");
    expect((await post(owner, { intent: "done", itemId: item.id })).status()).toBe(302);
    expect((await post(owner, { intent: "reopen", itemId: item.id })).status()).toBe(302);

    // The owner allows trip changes: now the VA may settle it.
    const permissions = await post(owner, {
      intent: "permissions",
      userId: va.id,
      reimbursementLimit: "75",
      sendReplies: "on",
      tripChanges: "on",
    });
    expect(permissions.status()).toBe(302);
    expect((await post(va, { intent: "done", itemId: item.id })).status()).toBe(302);
    expect(
      (
        await post(owner, { intent: "permissions", userId: va.id, reimbursementLimit: "lots" })
      ).status(),
    ).toBe(400);
    expect(
      (
        await post(owner, {
          intent: "permissions",
          userId: outsider.id,
          reimbursementLimit: "5",
        })
      ).status(),
    ).toBe(404);

    expect(
      query<{ action: string; role: string; user_id: string }>(
        "select action, role, user_id from activity_log where queue_item_id = ? order by id",
        item.id,
      ),
    ).toEqual([
      { action: "queue.taken", role: "va", user_id: va.id },
      { action: "queue.for-owner", role: "va", user_id: va.id },
      { action: "queue.done", role: "primary", user_id: owner.id },
      { action: "queue.reopened", role: "primary", user_id: owner.id },
      { action: "queue.done", role: "va", user_id: va.id },
    ]);
    expect(
      query<{ limit: number; trip: number }>(
        "select reimbursement_limit_cents as 'limit', trip_changes as trip from va_permissions where account_id = ? and user_id = ?",
        accountId,
        va.id,
      ),
    ).toEqual([{ limit: 7500, trip: 1 }]);
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: the VA takes the escalation, is refused, passes it to the owner, and ends the shift with a report`, async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      people = await setup(javaScriptEnabled ? "ccjs" : "ccnojs");
      const { owner, va, accountId } = people;
      const context = await browserContext(browser, javaScriptEnabled);
      await context.addCookies((await va.api.storageState()).cookies);
      const page = await context.newPage();
      const open = async () => {
        await page.goto("/concierge-dashboard");
        if (javaScriptEnabled) await waitForHydration(page);
      };
      await open();

      await page.getByRole("button", { name: "Start shift" }).click();
      await expect(page.getByRole("heading", { name: "Your shift" })).toBeVisible();
      if (javaScriptEnabled) await waitForHydration(page);
      const item = escalationOf(accountId)!;
      const queue = page.getByRole("list", { name: "Open items, nearest deadline first" });
      const card = queue.getByRole("listitem").filter({ hasText: item.title });
      await expect(card).toContainText("Escalation");
      await expect(card).toContainText("Trip change (extension, early or late times)");
      await expect(card.getByRole("link", { name: item.title })).toHaveAttribute(
        "href",
        /^\/dashboard\/inbox\/[\w-]+$/,
      );
      if (javaScriptEnabled) expect(await seriousA11yViolations(page)).toEqual([]);

      await card.getByRole("button", { name: `Take: ${item.title}` }).click();
      await expect(card).toContainText("Taken by you");
      await card.getByRole("button", { name: `Mark done: ${item.title}` }).click();
      await expect(
        page.getByRole("alert").filter({ hasText: "pass it to the owner" }),
      ).toBeVisible();
      await card.getByRole("button", { name: `Pass to owner: ${item.title}` }).click();
      await expect(card).toContainText("For the owner");

      await page.getByLabel("Handover note for the next shift").fill("   ");
      await page.getByRole("button", { name: "End shift" }).click();
      await expect(
        page.getByText("Write a handover note for the next person on shift."),
      ).toBeVisible();
      await page
        .getByLabel("Handover note for the next shift")
        .fill("Jordan wants an extra day and a discount: passed to the owner.");
      await page.getByRole("button", { name: "End shift" }).click();
      const report = page.getByRole("region", { name: "End-of-shift report" });
      await expect(report).toBeVisible();
      await expect(report).toContainText("Red flags (1)");
      await expect(report).toContainText(item.title);
      await expect(report).toContainText("Money recovered");
      await expect(report).toContainText("Jordan wants an extra day");
      if (javaScriptEnabled) expect(await seriousA11yViolations(page)).toEqual([]);
      // The next shift starts with the note.
      await expect(page.getByRole("region", { name: "Start your shift" })).toContainText(
        "Jordan wants an extra day and a discount",
      );

      // The owner sees it, marked for them, and sees the VA's figures.
      const ownerContext = await browserContext(browser, javaScriptEnabled);
      await ownerContext.addCookies((await owner.api.storageState()).cookies);
      const ownerPage = await ownerContext.newPage();
      await ownerPage.goto("/concierge-dashboard");
      if (javaScriptEnabled) await waitForHydration(ownerPage);
      const ownerCard = ownerPage
        .getByRole("list", { name: "Open items, nearest deadline first" })
        .getByRole("listitem")
        .filter({ hasText: item.title });
      await expect(ownerCard).toContainText("For the owner");
      await expect(ownerPage.getByRole("region", { name: "Your VAs" })).toContainText(
        "Passed to you: 1",
      );
      await ownerCard.getByRole("button", { name: `Mark done: ${item.title}` }).click();
      await expect(
        ownerPage.getByRole("list", { name: "Items done in the last 24 hours" }),
      ).toContainText(item.title);
      await ownerContext.close();
      await context.close();
    });
  }
});

for (const javaScriptEnabled of [true, false]) {
  test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: a new concierge lands in onboarding with the registration's toast and fleet details`, async ({
    browser,
  }) => {
    const details = newUserDetails(javaScriptEnabled ? "ccboardjs" : "ccboard");
    const context = await browserContext(browser, javaScriptEnabled);
    const page = await context.newPage();
    await page.goto("/join-concierge");
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByLabel("First name").fill(details.firstName);
    await page.getByLabel("Last name").fill(details.lastName);
    await page.getByLabel("Username").fill(details.username);
    await page.getByLabel("Email").fill(details.email);
    await page.getByLabel("Password").fill(details.password);
    await page.getByLabel("Vehicles in your fleet").fill("12");
    await page
      .getByLabel("Turo profile link or fleet website")
      .fill("https://turo.com/us/en/drivers/1234");
    await page.getByRole("button", { name: "Start my trial" }).click();
    await expect(page).toHaveURL(/\/concierge-dashboard$/);
    await expect(page.getByText("Account created successfully!", { exact: true })).toBeVisible();
    const onboarding = page.getByRole("region", { name: "Get started with Concierge" });
    await expect(onboarding.getByLabel("Vehicles in your fleet")).toHaveValue("12");
    await expect(onboarding.getByLabel("Turo profile link or fleet website")).toHaveValue(
      "https://turo.com/us/en/drivers/1234",
    );
    await expect(onboarding.getByRole("link", { name: "Open the knowledge base" })).toHaveAttribute(
      "href",
      "/dashboard/inbox/knowledge",
    );
    await expect(
      onboarding.getByRole("link", { name: "See your inbound address" }),
    ).toHaveAttribute("href", "/dashboard/inbox");
    if (javaScriptEnabled) {
      await waitForHydration(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
    }
    await onboarding.getByLabel("Vehicles in your fleet").fill("0");
    await onboarding.getByRole("button", { name: "Confirm fleet details" }).click();
    await expect(onboarding.getByText("Enter how many vehicles you run.")).toBeVisible();
    await onboarding.getByLabel("Vehicles in your fleet").fill("14");
    await onboarding.getByRole("button", { name: "Confirm fleet details" }).click();
    await expect(onboarding).toContainText("Done: Your fleet");
    await expect(onboarding.getByLabel("Vehicles in your fleet")).toHaveValue("14");
    expect(
      query<{ size: number }>(
        "select concierge_fleet_size as size from users where email = ?",
        details.email.toLowerCase(),
      ),
    ).toEqual([{ size: 14 }]);
    await context.close();
  });
}
