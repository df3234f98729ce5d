import type { APIRequestContext } from "@playwright/test";
import {
  acceptViaForm,
  accountIdOf,
  apiContext,
  availableAccounts,
  disposeAll,
  inviteViaForm,
  registerViaApi,
  sessionCookieOf,
  replaySession,
  visibleMessages,
  type TestUser,
} from "../support/accounts";
import { expect, query, test, uniqueEmail } from "../support/fixtures";

/**
 * Tenancy matrix: owner A, owner B, a team member of A and a VA of A, over every accounts route.
 * Each sees exactly their own accounts and gets 404/403 on the other account's ids, and a refused
 * request changes nothing in the database.
 */

test.describe.configure({ mode: "serial" });

let ownerA: TestUser;
let ownerB: TestUser;
let teamA: TestUser;
let vaA: TestUser;
let accountA: string;
let accountB: string;
/** A pending invitation of A's, sent to someone who has no login yet. */
let pendingTokenA: string;
let pendingEmailA: string;
let pendingInvitationIdA: number;
let pendingInvitationIdB: number;
/** The token teamA already used. */
let usedToken: string;

interface MembershipRow {
  account_id: string;
  user_id: string;
  role: string;
}
interface InvitationRow {
  id: number;
  account_id: string;
  email: string;
  accepted_at: number | null;
}

/** The rows the matrix touches, to prove a refused request changed nothing. */
function snapshot() {
  const ids = [ownerA, ownerB, teamA, vaA].map((u) => u.id);
  const placeholders = ids.map(() => "?").join(",");
  return {
    memberships: query<MembershipRow>(
      `select account_id, user_id, role from memberships where user_id in (${placeholders}) order by account_id, user_id`,
      ...ids,
    ),
    invitations: query<InvitationRow>(
      "select id, account_id, email, accepted_at from invitations where account_id in (?, ?) order by id",
      accountA,
      accountB,
    ),
    users: query<{ id: string; username: string; email: string }>(
      `select id, username, email from users where id in (${placeholders}) order by id`,
      ...ids,
    ),
  };
}

const ROLE_IN_A = { ownerA: "primary", teamA: "team_member", vaA: "va" } as const;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [ownerA, ownerB, teamA, vaA] = await Promise.all([
    registerViaApi("ownera"),
    registerViaApi("ownerb"),
    registerViaApi("teama"),
    registerViaApi("vaa"),
  ]);
  accountA = accountIdOf(ownerA.id);
  accountB = accountIdOf(ownerB.id);

  const [teamToken, vaToken] = await Promise.all([
    inviteViaForm(ownerA, teamA.email, "team_member"),
    inviteViaForm(ownerA, vaA.email, "va"),
  ]);
  await acceptViaForm(teamA, teamToken);
  await acceptViaForm(vaA, vaToken);
  usedToken = teamToken;

  pendingEmailA = uniqueEmail("pending-a");
  pendingTokenA = await inviteViaForm(ownerA, pendingEmailA, "va");
  await inviteViaForm(ownerB, uniqueEmail("pending-b"), "team_member");
  const invitations = query<InvitationRow>(
    "select id, account_id, email, accepted_at from invitations where account_id in (?, ?) and accepted_at is null",
    accountA,
    accountB,
  );
  pendingInvitationIdA = invitations.find((i) => i.account_id === accountA)!.id;
  pendingInvitationIdB = invitations.find((i) => i.account_id === accountB)!.id;
});

test.afterAll(async () => {
  await disposeAll(ownerA, ownerB, teamA, vaA);
});

test("the setup: memberships as invited, every member working in A after joining", async () => {
  const rows = query<MembershipRow>(
    "select account_id, user_id, role from memberships where account_id = ?",
    accountA,
  );
  expect(rows.map((r) => [r.user_id, r.role]).sort()).toEqual(
    [
      [ownerA.id, ROLE_IN_A.ownerA],
      [teamA.id, ROLE_IN_A.teamA],
      [vaA.id, ROLE_IN_A.vaA],
    ].sort(),
  );
  expect(
    query<MembershipRow>(
      "select account_id, user_id, role from memberships where account_id = ?",
      accountB,
    ),
  ).toEqual([{ account_id: accountB, user_id: ownerB.id, role: "primary" }]);
});

test("GET /api/user: each sees only themselves; signed out is 401", async () => {
  for (const user of [ownerA, ownerB, teamA, vaA]) {
    const response = await user.api.get("/api/user");
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({
      id: user.id,
      email: user.email,
      username: user.username,
    });
  }
  const anonymous = await apiContext();
  const response = await anonymous.get("/api/user");
  expect(response.status()).toBe(401);
  expect(await response.json()).toEqual({
    error: "Authentication required",
    message: "Authentication required",
  });
  expect((await anonymous.get("/api/user/available-accounts")).status()).toBe(401);
  expect(
    (await anonymous.post("/api/user/switch-account", { data: { accountId: accountA } })).status(),
  ).toBe(401);
  expect(
    (
      await anonymous.post("/api/user/time-zone", { data: { timeZone: "America/Denver" } })
    ).status(),
  ).toBe(401);
  await anonymous.dispose();
});

test("POST /api/user/time-zone: only the owner sets the account's zone; A's members get 403", async () => {
  const zoneOfA = () =>
    query<{ time_zone: string | null }>("select time_zone from accounts where id = ?", accountA)[0]!
      .time_zone;
  const before = zoneOfA();
  for (const member of [teamA, vaA]) {
    const response = await member.api.post("/api/user/time-zone", {
      data: { timeZone: "Pacific/Honolulu" },
    });
    expect(response.status()).toBe(403);
    expect((await response.json()).error).toBe("Only the account owner can do that.");
  }
  expect(zoneOfA()).toBe(before);
});

test("GET /api/user/available-accounts: each sees exactly their accounts", async () => {
  const a = await availableAccounts(ownerA.api);
  expect(a).toEqual({
    accounts: [
      {
        accountId: accountA,
        role: "primary",
        isOwnAccount: true,
        accountOwner: {
          firstName: ownerA.firstName,
          lastName: ownerA.lastName,
          email: ownerA.email,
          conciergeFleetSize: null,
        },
      },
    ],
    currentAccountId: accountA,
  });

  const b = await availableAccounts(ownerB.api);
  expect(b.accounts.map((x) => [x.accountId, x.role, x.isOwnAccount])).toEqual([
    [accountB, "primary", true],
  ]);
  expect(b.currentAccountId).toBe(accountB);

  for (const [member, role] of [
    [teamA, "team_member"],
    [vaA, "va"],
  ] as const) {
    const list = await availableAccounts(member.api);
    expect(list.accounts.map((x) => [x.accountId, x.role, x.isOwnAccount])).toEqual([
      [accountIdOf(member.id), "primary", true],
      [accountA, role, false],
    ]);
    expect(list.accounts[1]!.accountOwner).toEqual({
      firstName: ownerA.firstName,
      lastName: ownerA.lastName,
      email: ownerA.email,
      conciergeFleetSize: null,
    });
    // Accepting the invitation took them straight into A.
    expect(list.currentAccountId).toBe(accountA);
    // Nobody sees B's account.
    expect(JSON.stringify(list)).not.toContain(accountB);
    expect(JSON.stringify(list)).not.toContain(ownerB.email);
  }
});

test("POST /api/user/switch-account: B's id → 404, malformed → 400, A's id for A's VA → 200", async () => {
  const before = snapshot();
  const post = (api: APIRequestContext, body: unknown) =>
    api.post("/api/user/switch-account", { data: body as Record<string, unknown> });

  for (const user of [ownerA, teamA, vaA]) {
    const response = await post(user.api, { accountId: accountB });
    expect(response.status(), user.username).toBe(404);
    expect(await response.json()).toEqual({
      error: "Account not found",
      message: "Account not found",
    });
  }
  for (const user of [ownerB]) {
    const response = await post(user.api, { accountId: accountA });
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({
      error: "Account not found",
      message: "Account not found",
    });
  }
  // A well-formed id of no account at all is as unknown as B's.
  const unknown = await post(vaA.api, { accountId: "00000000-0000-4000-8000-000000000000" });
  expect(unknown.status()).toBe(404);

  for (const malformed of [
    { accountId: "not-an-account" },
    { accountId: `${accountA}x` },
    { accountId: "" },
    { accountId: 42 },
    { accountId: null },
    { accountId: [accountA] },
    { accountId: { id: accountA } },
    {},
  ]) {
    const response = await post(vaA.api, malformed);
    expect(response.status(), JSON.stringify(malformed)).toBe(400);
    expect((await response.json()).error).toEqual(expect.any(String));
  }

  // Refused switches left every session where it was.
  expect((await availableAccounts(ownerA.api)).currentAccountId).toBe(accountA);
  expect((await availableAccounts(ownerB.api)).currentAccountId).toBe(accountB);
  expect((await availableAccounts(teamA.api)).currentAccountId).toBe(accountA);
  expect((await availableAccounts(vaA.api)).currentAccountId).toBe(accountA);
  expect(snapshot()).toEqual(before);

  // The VA may switch to their own account and back to A.
  const own = await post(vaA.api, { accountId: accountIdOf(vaA.id) });
  expect(own.status()).toBe(200);
  expect(await own.json()).toEqual({ success: true, currentAccountId: accountIdOf(vaA.id) });
  expect((await availableAccounts(vaA.api)).currentAccountId).toBe(accountIdOf(vaA.id));
  const back = await post(vaA.api, { accountId: accountA });
  expect(back.status()).toBe(200);
  expect(await back.json()).toEqual({ success: true, currentAccountId: accountA });
  expect((await availableAccounts(vaA.api)).currentAccountId).toBe(accountA);
});

test("POST /account/switch (the no-JavaScript form): only the user's own accounts", async () => {
  const before = snapshot();
  for (const [user, foreign] of [
    [ownerB, accountA],
    [ownerA, accountB],
    [teamA, accountB],
    [vaA, accountB],
  ] as const) {
    const current = (await availableAccounts(user.api)).currentAccountId;
    const response = await user.api.post("/account/switch", {
      form: { accountId: foreign, redirectTo: "/account" },
    });
    // Back on /account with the destructive 'Error' toast.
    expect(response.status()).toBe(200);
    expect(response.url()).toMatch(/\/account$/);
    expect(visibleMessages(await response.text())).toContain("Error");
    expect((await availableAccounts(user.api)).currentAccountId).toBe(current);
  }
  expect(snapshot()).toEqual(before);

  // The team member switches to their own account with the form, and back to A.
  const own = await teamA.api.post("/account/switch", {
    form: { accountId: accountIdOf(teamA.id), redirectTo: "/account" },
  });
  expect(visibleMessages(await own.text())).toContain("Account Switched");
  expect((await availableAccounts(teamA.api)).currentAccountId).toBe(accountIdOf(teamA.id));
  await teamA.api.post("/account/switch", {
    form: { accountId: accountA, redirectTo: "/account" },
  });
  expect((await availableAccounts(teamA.api)).currentAccountId).toBe(accountA);
});

test("GET /account: the team section only for owners, in their own account", async () => {
  const page = async (user: TestUser) => {
    const response = await user.api.get("/account");
    expect(response.status()).toBe(200);
    return response.text();
  };

  const a = await page(ownerA);
  expect(a).toContain(">Team members</h2>");
  expect(a).toContain(teamA.email);
  expect(a).toContain(vaA.email);
  expect(a).toContain(pendingEmailA);
  expect(a).not.toContain(ownerB.email);

  const b = await page(ownerB);
  expect(b).toContain(">Team members</h2>");
  for (const other of [ownerA.email, teamA.email, vaA.email, pendingEmailA]) {
    expect(b).not.toContain(other);
  }

  for (const member of [teamA, vaA]) {
    const html = await page(member);
    expect(html).toContain("Working in <strong>");
    expect(html).toContain(`${ownerA.firstName} ${ownerA.lastName}&#x27;s Account`);
    expect(html).not.toContain(">Team members</h2>");
    expect(html).not.toContain(pendingEmailA);
    for (const other of [teamA, vaA].filter((u) => u !== member)) {
      expect(html).not.toContain(other.email);
    }
  }

  // In their own account the VA is an owner again, of an empty team.
  await vaA.api.post("/api/user/switch-account", { data: { accountId: accountIdOf(vaA.id) } });
  const own = await page(vaA);
  expect(own).toContain(">Team members</h2>");
  expect(own).not.toContain(teamA.email);
  expect(own).not.toContain(pendingEmailA);
  await vaA.api.post("/api/user/switch-account", { data: { accountId: accountA } });
});

test("team actions on /account with another account's ids → 404/403, nothing changed", async () => {
  const before = snapshot();
  const post = async (user: TestUser, form: Record<string, string>, status: number) => {
    const response = await user.api.post("/account", { form });
    expect(response.status(), `${user.username} ${JSON.stringify(form)}`).toBe(status);
    const messages = visibleMessages(await response.text());
    expect(messages.length, "a visible message").toBeGreaterThan(0);
    return messages;
  };

  // Owner B on A's members and invitation: not part of B's account.
  for (const member of [ownerA, teamA, vaA]) {
    expect(await post(ownerB, { intent: "remove", userId: member.id }, 404)).toContain(
      "That member is not part of this account.",
    );
    await post(ownerB, { intent: "role", userId: member.id, role: "team_member" }, 404);
  }
  expect(
    await post(ownerB, { intent: "revoke", invitationId: String(pendingInvitationIdA) }, 404),
  ).toContain("Invitation not found.");

  // Owner A on B's owner and invitation.
  await post(ownerA, { intent: "remove", userId: ownerB.id }, 404);
  await post(ownerA, { intent: "role", userId: ownerB.id, role: "va" }, 404);
  await post(ownerA, { intent: "revoke", invitationId: String(pendingInvitationIdB) }, 404);
  // Nor can an owner demote themselves (they would lose their own account).
  await post(ownerA, { intent: "role", userId: ownerA.id, role: "va" }, 404);
  await post(ownerA, { intent: "remove", userId: ownerA.id }, 404);

  // A's team member and VA work in A but are not its owner.
  for (const member of [teamA, vaA]) {
    const other = member === teamA ? vaA : teamA;
    expect(await post(member, { intent: "remove", userId: other.id }, 403)).toContain(
      "Only the account owner can manage the team.",
    );
    await post(member, { intent: "role", userId: other.id, role: "team_member" }, 403);
    await post(member, { intent: "remove", userId: ownerA.id }, 403);
    await post(member, { intent: "invite", email: uniqueEmail("sneaky"), role: "va" }, 403);
    await post(member, { intent: "revoke", invitationId: String(pendingInvitationIdA) }, 403);
  }

  expect(snapshot()).toEqual(before);
  expect((await availableAccounts(ownerA.api)).accounts[0]!.role).toBe("primary");

  // The owner's own changes in their own account do work (the control for the refusals).
  const roleOf = (userId: string) =>
    query<{ role: string }>(
      "select role from memberships where account_id = ? and user_id = ?",
      accountA,
      userId,
    )[0]?.role;
  expect(
    await post(ownerA, { intent: "role", userId: vaA.id, role: "team_member" }, 200),
  ).toContain("Role updated.");
  expect(roleOf(vaA.id)).toBe("team_member");
  await post(ownerA, { intent: "role", userId: vaA.id, role: "va" }, 200);
  expect(roleOf(vaA.id)).toBe("va");
  expect(snapshot()).toEqual(before);
});

test("/invite/<token> of another account: refused for anyone it was not sent to", async () => {
  const before = snapshot();
  for (const user of [ownerB, teamA, vaA, ownerA]) {
    const page = await user.api.get(`/invite/${pendingTokenA}`);
    expect(page.status(), user.username).toBe(403);
    expect(visibleMessages(await page.text()).join(" ")).toContain(
      `This invitation was sent to ${pendingEmailA}`,
    );
    const accept = await user.api.post(`/invite/${pendingTokenA}`, { form: {}, maxRedirects: 0 });
    expect(accept.status(), user.username).toBe(403);
    expect(visibleMessages(await accept.text()).join(" ")).toContain(
      `This invitation was sent to ${pendingEmailA}`,
    );
  }
  // B did not get into A, and the invitation is still waiting for its addressee.
  expect(snapshot()).toEqual(before);
  expect(
    query("select 1 from memberships where user_id = ? and account_id = ?", ownerB.id, accountA),
  ).toEqual([]);
  expect((await availableAccounts(ownerB.api)).accounts).toHaveLength(1);

  // A used invitation is dead for everybody, its addressee included.
  for (const user of [ownerB, teamA]) {
    const page = await user.api.get(`/invite/${usedToken}`);
    expect(page.status()).toBe(404);
    const accept = await user.api.post(`/invite/${usedToken}`, { form: {}, maxRedirects: 0 });
    expect(accept.status()).toBe(404);
    expect(visibleMessages(await accept.text()).join(" ")).toContain(
      "This invitation is invalid, already used or expired.",
    );
  }
  expect(snapshot()).toEqual(before);
});

test("removing a member ends their access to A at once, on every route", async () => {
  const cookie = await sessionCookieOf(teamA.api);
  expect((await availableAccounts(teamA.api)).currentAccountId).toBe(accountA);

  const removed = await ownerA.api.post("/account", {
    form: { intent: "remove", userId: teamA.id },
  });
  expect(removed.status()).toBe(200);
  expect(visibleMessages(await removed.text())).toContain(
    "Member removed. Their access ended at once.",
  );

  // The same session (still signed in as themselves) is back in their own account.
  const replay = await replaySession(cookie!);
  expect(replay.status).toBe(200);
  expect(replay.body.id).toBe(teamA.id);
  const list = await availableAccounts(teamA.api);
  expect(list.accounts.map((a) => a.accountId)).toEqual([accountIdOf(teamA.id)]);
  expect(list.currentAccountId).toBe(accountIdOf(teamA.id));
  expect(
    query<{ current_account_id: string | null }>(
      "select current_account_id from sessions where user_id = ?",
      teamA.id,
    ).every((row) => row.current_account_id !== accountA),
  ).toBe(true);

  // And cannot get back in.
  const api = await teamA.api.post("/api/user/switch-account", { data: { accountId: accountA } });
  expect(api.status()).toBe(404);
  const form = await teamA.api.post("/account/switch", {
    form: { accountId: accountA, redirectTo: "/account" },
  });
  expect(visibleMessages(await form.text())).toContain("Error");
  const page = await teamA.api.get("/account");
  expect(await page.text()).not.toContain(vaA.email);
  expect((await availableAccounts(teamA.api)).currentAccountId).toBe(accountIdOf(teamA.id));
  // The VA was not affected.
  expect((await availableAccounts(vaA.api)).currentAccountId).toBe(accountA);
});
