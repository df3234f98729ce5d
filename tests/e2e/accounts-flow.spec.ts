import type { Page } from "@playwright/test";
import {
  availableAccounts,
  browserContext,
  newUserDetails,
  pathOf,
  registerViaApi,
  submitSignInForm,
  waitForNthEmail,
} from "../support/accounts";
import { expect, linkIn, query, test, waitForHydration } from "../support/fixtures";

/**
 * The whole accounts journey in two browsers (owner and VA), once with JavaScript and once
 * without: register, verify the email over real SMTP, sign out and in, invite a VA, the VA
 * registers from the invitation and joins, switches accounts, and is removed again.
 */

type Details = ReturnType<typeof newUserDetails>;

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "JavaScript on" : "JavaScript off";

  test.describe(`accounts journey with ${mode}`, () => {
    test("register, verify, sign in, invite a VA, switch accounts, remove the VA", async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const owner = newUserDetails("owner");
      const va = newUserDetails("va");
      const ownerContext = await browserContext(browser, javaScriptEnabled);
      const vaContext = await browserContext(browser, javaScriptEnabled);
      const ownerPage = await ownerContext.newPage();
      const vaPage = await vaContext.newPage();

      /** Navigation finished and, with JavaScript, React is in charge of the page. */
      const ready = async (page: Page) => {
        if (javaScriptEnabled) await waitForHydration(page);
      };

      /**
       * A toast the server sent with the page: a Radix toast with JavaScript, a static
       * role=status banner without.
       */
      const expectToast = async (page: Page, title: string, description?: string) => {
        if (javaScriptEnabled) {
          const toast = page
            .getByRole("region", { name: /Notifications/ })
            .getByRole("listitem")
            .filter({ hasText: title });
          await expect(toast).toBeVisible();
          if (description) await expect(toast).toContainText(description);
        } else {
          const banner = page.getByRole("status").filter({ hasText: title });
          await expect(banner).toHaveCount(1);
          await expect(banner).toBeVisible();
          if (description) await expect(banner).toContainText(description);
        }
      };

      const fillRegistration = async (page: Page, user: Details) => {
        await page.getByLabel("First name").fill(user.firstName);
        await page.getByLabel("Last name").fill(user.lastName);
        await page.getByLabel("Username").fill(user.username);
        await page.getByLabel("Email").fill(user.email);
        await page.getByLabel("Password").fill(user.password);
        await page.getByRole("button", { name: "Create account" }).click();
      };

      const switcher = (page: Page) =>
        page.getByRole("banner").locator("summary[aria-label='Switch account']");

      const switchTo = async (page: Page, accountLabel: string) => {
        await switcher(page).click();
        const option = page
          .getByRole("banner")
          .getByRole("button")
          .filter({ hasText: accountLabel });
        if (!javaScriptEnabled) {
          // Without JavaScript every entry is a plain form posting to /account/switch.
          const form = page
            .getByRole("banner")
            .locator("details form")
            .filter({ hasText: accountLabel });
          await expect(form).toHaveAttribute("action", "/account/switch");
          await expect(form).toHaveAttribute("method", /post/i);
        }
        await option.click();
      };

      await test.step("the owner registers on /auth", async () => {
        await ownerPage.goto("/auth?mode=register");
        await ready(ownerPage);
        await fillRegistration(ownerPage, owner);
        await expect(ownerPage).toHaveURL(/\/account$/);
        await ready(ownerPage);
        await expectToast(ownerPage, "Account created successfully!");
        await expect(
          ownerPage.getByText(`Please verify your email address (${owner.email})`),
        ).toBeVisible();
      });

      await test.step("the verification email arrives over SMTP and its link verifies", async () => {
        const mail = await waitForNthEmail(owner.email, "Verify your email", 1);
        const link = linkIn(mail, "/verify-email");
        await ownerPage.goto(pathOf(link));
        await ready(ownerPage);
        await ownerPage.getByRole("button", { name: "Verify my email" }).click();
        await expect(ownerPage).toHaveURL(/\/email-verified$/);
        const [row] = query<{ email_verified_at: number | null }>(
          "select email_verified_at from users where email = ?",
          owner.email,
        );
        expect(row?.email_verified_at).toEqual(expect.any(Number));
      });

      await test.step("the owner signs out from the avatar menu", async () => {
        await ownerPage.goto("/account");
        await ready(ownerPage);
        await expect(ownerPage.getByText("Please verify your email address")).toHaveCount(0);
        await ownerPage.getByRole("banner").locator("summary[aria-label='My Account']").click();
        await ownerPage.getByRole("banner").getByRole("button", { name: "Logout" }).click();
        await expect(ownerPage).toHaveURL(/\/$/);
        await ready(ownerPage);
        await expectToast(ownerPage, "Logged out");
        await expect(
          ownerPage.getByRole("banner").getByRole("link", { name: "Sign In" }),
        ).toBeVisible();
      });

      await test.step("the owner signs in: 'Welcome back!'", async () => {
        await ownerPage.goto("/auth");
        await ready(ownerPage);
        await ownerPage.getByLabel("Username or email").fill(owner.email);
        await ownerPage.getByLabel("Password").fill(owner.password);
        await ownerPage.getByRole("button", { name: "Sign In" }).click();
        await expect(ownerPage).toHaveURL(/\/dashboard$/);
        await ready(ownerPage);
        await expectToast(ownerPage, "Welcome back!");
        // An owner alone in their account sees no switcher.
        await expect(switcher(ownerPage)).toHaveCount(0);
      });

      let inviteLink = "";
      await test.step("the owner invites a VA on /account", async () => {
        await ownerPage.goto("/account");
        await ready(ownerPage);
        const team = ownerPage.getByRole("region", { name: "Team members" });
        await team.getByLabel("Invite by email").fill(va.email);
        await team.getByLabel("Role", { exact: true }).selectOption("va");
        await team.getByRole("button", { name: "Send invitation" }).click();
        await expect(team.getByText(`Invitation sent to ${va.email}.`)).toBeVisible();
        await expect(team.getByText(`${va.email} · VA · expires`)).toBeVisible();
        const mail = await waitForNthEmail(va.email, "invited you", 1);
        expect(mail.subject).toBe(
          `${owner.firstName} ${owner.lastName} invited you to their FleetAssist account`,
        );
        expect(mail.text).toContain("as a virtual assistant");
        inviteLink = linkIn(mail, "/invite/");
      });

      const ownerAccountLabel = `${owner.firstName} ${owner.lastName}'s Account`;
      await test.step("the VA opens the invitation, creates a login and accepts", async () => {
        await vaPage.goto(pathOf(inviteLink));
        await ready(vaPage);
        await expect(
          vaPage.getByRole("heading", {
            name: `Join ${owner.firstName} ${owner.lastName}'s account`,
          }),
        ).toBeVisible();
        await vaPage.getByRole("link", { name: "Create your login" }).click();
        await expect(vaPage).toHaveURL(/\/auth\?mode=register&redirectTo=%2Finvite%2F/);
        await ready(vaPage);
        await fillRegistration(vaPage, va);
        // Registration returns to the invitation, now signed in.
        await expect(vaPage).toHaveURL(new RegExp(`${pathOf(inviteLink)}$`));
        await ready(vaPage);
        await vaPage.getByRole("button", { name: "Accept and join" }).click();
        await expect(vaPage).toHaveURL(/\/account$/);
        await ready(vaPage);
        await expectToast(vaPage, "Account Switched", "You're now viewing this team's dashboard");
        await expect(
          vaPage.getByRole("main").getByText(`Working in ${ownerAccountLabel}`),
        ).toBeVisible();
      });

      await test.step("the VA's header shows the account switcher", async () => {
        await expect(switcher(vaPage)).toBeVisible();
        await expect(switcher(vaPage)).toContainText(ownerAccountLabel);
        await expect(switcher(vaPage)).toContainText("VA");
        // A VA does not manage the owner's team.
        await expect(vaPage.getByRole("region", { name: "Team members" })).toHaveCount(0);
      });

      await test.step("the VA switches to their own account and back to the owner's", async () => {
        await switchTo(vaPage, "My Account");
        await expect(vaPage.getByRole("main").getByText("Working in My Account")).toBeVisible();
        await ready(vaPage);
        await expectToast(vaPage, "Account Switched", "You're now viewing this team's dashboard");
        await expect(switcher(vaPage)).toContainText("My Account");

        await switchTo(vaPage, ownerAccountLabel);
        await expect(
          vaPage.getByRole("main").getByText(`Working in ${ownerAccountLabel}`),
        ).toBeVisible();
        await ready(vaPage);
        await expectToast(vaPage, "Account Switched", "You're now viewing this team's dashboard");
        const accounts = await availableAccounts(vaPage.request);
        const ownerAccount = accounts.accounts.find((a) => !a.isOwnAccount);
        expect(ownerAccount).toMatchObject({
          role: "va",
          accountOwner: { email: owner.email, firstName: owner.firstName },
        });
        expect(accounts.currentAccountId).toBe(ownerAccount?.accountId);
      });

      await test.step("the owner removes the VA; the VA's next request is out of the account", async () => {
        const before = await availableAccounts(vaPage.request);
        const vaOwnAccountId = before.accounts.find((a) => a.isOwnAccount)?.accountId;
        expect(before.accounts).toHaveLength(2);

        await ownerPage.goto("/account");
        await ready(ownerPage);
        const team = ownerPage.getByRole("region", { name: "Team members" });
        await expect(team.getByText(va.email, { exact: true })).toBeVisible();
        await team.getByRole("button", { name: `Remove ${va.email}` }).click();
        await expect(team.getByText("Member removed. Their access ended at once.")).toBeVisible();
        await expect(team.getByText(va.email, { exact: true })).toHaveCount(0);

        const after = await availableAccounts(vaPage.request);
        expect(after.accounts).toHaveLength(1);
        expect(after.accounts[0]).toMatchObject({ accountId: vaOwnAccountId, isOwnAccount: true });
        expect(after.currentAccountId).toBe(vaOwnAccountId);

        await vaPage.goto("/account");
        await ready(vaPage);
        await expect(vaPage.getByRole("main").getByText("Working in My Account")).toBeVisible();
        await expect(switcher(vaPage)).toHaveCount(0);
        // Still signed in to their own login.
        await expect(
          vaPage.getByRole("banner").locator("summary[aria-label='My Account']"),
        ).toBeVisible();
      });

      await ownerContext.close();
      await vaContext.close();
    });
  });
}

/**
 * The form contract on /account (ADR 0013): the profile form's schema speaks in the browser when
 * the form is submitted, before anything is posted, and the action answers a post without
 * JavaScript with the same message, keeping what was typed in the other inputs.
 */
test.describe("the profile form on /account checks with its schema", () => {
  const message = "Use letters, numbers, dots, dashes and underscores only.";

  for (const javaScriptEnabled of [true, false]) {
    test(`a username with a space, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({
      browser,
    }) => {
      const user = await registerViaApi("acctform");
      const context = await browserContext(browser, javaScriptEnabled);
      const page = await context.newPage();
      await page.goto("/auth");
      if (javaScriptEnabled) await waitForHydration(page);
      await submitSignInForm(page, user.username, user.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto("/account");
      if (javaScriptEnabled) await waitForHydration(page);

      const posts: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (request.method() === "POST" && url.pathname.startsWith("/account"))
          posts.push(url.href);
      });
      const profile = page.getByRole("region", { name: "Profile" });
      const username = profile.getByLabel("Username");
      await profile.getByLabel("First name").fill("Renamed");
      await username.fill("has space");

      if (javaScriptEnabled) {
        // Saving is refused in the browser: the message shows, focus moves there, nothing posted.
        await profile.getByRole("button", { name: "Save profile" }).click();
        await expect(profile.getByText(message)).toBeVisible();
        await expect(username).toHaveAttribute("aria-invalid", "true");
        await expect(username).toBeFocused();
        expect(posts).toEqual([]);
      } else {
        const answer = page.waitForResponse(
          (response) =>
            response.request().method() === "POST" && response.url().endsWith("/account"),
        );
        await profile.getByRole("button", { name: "Save profile" }).click();
        expect((await answer).status()).toBe(400);
        await expect(profile.getByText(message)).toBeVisible();
        await expect(username).toHaveAttribute("aria-invalid", "true");
        await expect(username).toHaveValue("has space");
        await expect(profile.getByLabel("First name")).toHaveValue("Renamed");
        await expect(profile.getByLabel("Last name")).toHaveValue(user.lastName);
        await expect(profile.getByLabel("Email")).toHaveValue(user.email);
        expect(posts).toHaveLength(1);
      }
      // Nothing was saved either way.
      expect(
        query<{ first_name: string; username: string }>(
          "select first_name, username from users where id = ?",
          user.id,
        ),
      ).toEqual([{ first_name: user.firstName, username: user.username }]);
      await context.close();
      await user.api.dispose();
    });
  }
});
