import type { Page } from "@playwright/test";
import { accountIdOf, registerViaApi, signedInContext, type TestUser } from "../support/accounts";
import { SAME_ORIGIN } from "../support/env";
import { expect, query, test, waitForHydration } from "../support/fixtures";

/**
 * Text that files and emails control, shown back to the host: the trip import's car names and
 * its row problems, "Add as a new car" and its prefilled form (from the query string), the
 * emails we couldn't read and "Make this a guest message" (subject, sender, body), and Gmail's
 * forwarding confirmation (its code, address and confirm link). Script, markup and `javascript:`
 * links in them never run: no dialog opens, no element or handler attribute is injected, the
 * only link a confirmation makes is an https link to Google's confirm page, and the server's HTML
 * (loader data included) never carries the markup unescaped.
 */

test.describe.configure({ mode: "serial", timeout: 90_000 });

/** Each payload names itself, so a dialog says which one ran. */
const SCRIPT = `<script>alert("xss-script")</script>`;
const IMG = `"><img src=x onerror=alert("xss-img")>`;
const SVG = `'><svg onload=alert("xss-svg")>`;
const JS_URL = `javascript:alert("xss-url")`;
/** Closes the script element that carries the loader data, if anything wrote it raw. */
const BREAKOUT = `</script><script>alert("xss-breakout")</script>`;
const RAW_MARKUP = [
  "<script>alert(",
  "<img src=x onerror",
  "<svg onload",
  "</script><script>",
  'href="javascript:',
];

let host: TestUser;

test.beforeAll(async () => {
  host = await registerViaApi("xss");
});

test.afterAll(async () => host?.api.dispose());

/** Opens `path` with JavaScript on, failing on any dialog; checks the DOM once hydrated. */
async function openAndCheck(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  await expectNothingInjected(page, path);
}

async function expectNothingInjected(page: Page, what: string) {
  const injected = await page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll("*"))) {
      for (const attribute of Array.from(element.attributes)) {
        if (/^on/i.test(attribute.name)) found.push(`${element.tagName} ${attribute.name}`);
        if (
          ["href", "src", "action", "formaction"].includes(attribute.name) &&
          /^\s*javascript:/i.test(attribute.value)
        ) {
          found.push(`${element.tagName} ${attribute.name}=${attribute.value}`);
        }
      }
    }
    for (const element of Array.from(document.querySelectorAll("img[src='x'], svg[onload]")))
      found.push(element.outerHTML);
    // The loader data carries the payloads as escaped JSON; a script that would run has them raw.
    for (const script of Array.from(document.scripts))
      if (/alert\("xss-/.test(script.text)) found.push(`script: ${script.text.slice(0, 80)}`);
    return found;
  });
  expect(injected, what).toEqual([]);
}

/** The page's HTML as the server sends it: the markup only ever escaped. */
async function expectEscapedHtml(path: string) {
  const response = await host.api.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  for (const markup of RAW_MARKUP) expect(html, `${path} carries ${markup}`).not.toContain(markup);
}

async function hostPage(browser: Parameters<typeof signedInContext>[0]) {
  const { context, page } = await signedInContext(browser, host, true);
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  return { context, page, dialogs };
}

const COLUMNS = [
  "Reservation ID",
  "Guest",
  "Vehicle",
  "Vehicle name",
  "VIN",
  "Trip start",
  "Trip end",
  "Pickup location",
  "Trip status",
  "Trip price",
  "Total earnings",
];
const cell = (value: string) => `"${value.replace(/"/g, '""')}"`;
const csv = (rows: string[][]) =>
  [COLUMNS, ...rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";

test("hostile car names from the trip export never run: the unmatched list, 'Add as a new car' and its form", async ({
  browser,
}) => {
  const imported = await host.api.post("/api/trips/import?timeZone=America/Denver", {
    headers: { "Content-Type": "text/csv" },
    data: csv([
      [
        "61000001",
        `Jordan ${SCRIPT}`,
        `${IMG} (VA #${SVG.slice(0, 12)})`,
        `${BREAKOUT} 2019`,
        "",
        "2026-10-02 09:30 AM",
        "2026-10-04 09:30 AM",
        JS_URL,
        "Completed",
        "178.00",
        "133.50",
      ],
      [
        "61000002",
        "Sam Lee",
        JS_URL,
        SVG,
        "",
        "2026-10-06 10:00 AM",
        "2026-10-08 10:00 AM",
        "Airport",
        "Completed",
        "120.00",
        "96.00",
      ],
    ]),
  });
  expect(imported.status(), await imported.text()).toBe(200);
  expect(((await imported.json()) as { unmatched: number }).unmatched).toBe(2);
  await expectEscapedHtml("/dashboard/trips");

  const { context, page, dialogs } = await hostPage(browser);
  await openAndCheck(page, "/dashboard/trips");
  const unmatched = page.getByRole("region", { name: "Which car is it?" });
  // The names show as the file wrote them, as text.
  await expect(unmatched).toContainText(`${IMG} (VA #${SVG.slice(0, 12)})`);
  await expect(unmatched).toContainText(JS_URL);
  // "Add as a new car" opens the form filled from the file: the values sit in the inputs.
  const addLinks = unmatched.getByRole("link", { name: /^Add “.*” as a new car$/ });
  expect(await addLinks.count()).toBe(2);
  for (const href of await addLinks.evaluateAll((links) =>
    links.map((link) => link.getAttribute("href")!),
  )) {
    expect(href).toMatch(/^\/dashboard\/vehicles\/new\?/);
    await expectEscapedHtml(href);
    await openAndCheck(page, href);
    await expect(page.getByLabel("Nickname")).toHaveValue(/img src=x onerror|javascript:alert/);
  }
  // The trip page names the guest and the file's car.
  const [trip] = query<{ id: string }>(
    "select id from trips where account_id = ? and reservation_id = '61000001'",
    accountIdOf(host.id),
  );
  await expectEscapedHtml(`/dashboard/trip/${trip!.id}`);
  await openAndCheck(page, `/dashboard/trip/${trip!.id}`);
  await expect(page.getByText(`Jordan ${SCRIPT}`).first()).toBeVisible();
  await page.goto("/dashboard/trips");
  await waitForHydration(page);
  await addLinks.first().click();
  await expect(page).toHaveURL(/\/dashboard\/vehicles\/new\?/);
  await expectNothingInjected(page, "the new car's form, by the link");
  expect(dialogs).toEqual([]);
  await context.close();
});

test("the new-car form's query string never runs, whatever it holds", async ({ browser }) => {
  const query = new URLSearchParams({
    nickname: IMG,
    make: SCRIPT,
    model: SVG,
    plate: JS_URL,
    vin: BREAKOUT,
    year: `2019${IMG}`,
    fileVehicle: IMG,
    fileTitle: BREAKOUT,
    fileVin: SCRIPT,
  });
  const path = `/dashboard/vehicles/new?${query}`;
  await expectEscapedHtml(path);
  const { context, page, dialogs } = await hostPage(browser);
  await openAndCheck(page, path);
  // Cut to the form's lengths, but as text in the inputs.
  await expect(page.getByLabel("Nickname")).toHaveValue(IMG.slice(0, 60));
  await expect(page.getByLabel("Make")).toHaveValue(SCRIPT.slice(0, 60));
  // Saved with the hostile nickname, the car's name stays text in the toast and the trips page.
  await page.getByLabel("Make").fill("Honda");
  await page.getByLabel("Model").fill("Odyssey");
  await page.getByLabel("Year").fill("2019");
  await page.getByLabel("Body type").selectOption("minivan");
  await page.getByLabel("VIN (optional)").fill("");
  await page.getByLabel("License plate (optional)").fill("");
  await page.getByRole("button", { name: "Add vehicle" }).click();
  await expect(page).toHaveURL(/\/dashboard\/trips$/);
  await waitForHydration(page);
  await expect(page.getByText(/img src=x onerror/).first()).toBeVisible();
  await expectNothingInjected(page, "after saving the new car");
  expect(dialogs).toEqual([]);
  await context.close();
});

test("a refused export's row problems quote hostile cells and headers as text", async ({
  browser,
}) => {
  const { context, page, dialogs } = await hostPage(browser);
  await openAndCheck(page, "/dashboard/trips");
  const file = [
    [...COLUMNS.slice(0, -1), `Total ${IMG}`].map(cell).join(","),
    [
      "61000003",
      "Ana",
      "Blue Van",
      "Honda Odyssey 2019",
      "",
      `2026-10-02 ${SCRIPT}`,
      "2026-10-04 09:30 AM",
      "Airport",
      "Completed",
      `${IMG}`,
      "10.00",
    ]
      .map(cell)
      .join(","),
    [
      "61000004",
      "Ana",
      "Blue Van",
      "Honda Odyssey 2019",
      "",
      "2026-10-05 09:30 AM",
      "2026-10-06 09:30 AM",
      "Airport",
      "Completed",
      `${BREAKOUT}`,
      "10.00",
    ]
      .map(cell)
      .join(","),
  ].join("\r\n");
  await page.getByLabel("Trip Earnings CSV").setInputFiles({
    name: `${IMG}.csv`,
    mimeType: "text/csv",
    buffer: Buffer.from(file),
  });
  await page.locator("#trip-zone").selectOption("America/Denver");
  await page.getByRole("button", { name: "Import trips" }).click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  await expect(page.getByText(/is not an amount/).first()).toContainText("img src=x onerror");
  await expectNothingInjected(page, "the refused import");
  expect(dialogs).toEqual([]);
  await context.close();
});

function hostileUnreadEmail() {
  const boundary = "xss-boundary";
  return [
    `From: "${SVG}" <guest.${Date.now()}@evil.example>`,
    "To: sam.host.cars@gmail.com",
    `Subject: ${SCRIPT} ${IMG}`,
    `Message-ID: <xss-unread-${Date.now()}@evil.example>`,
    "Date: Thu, 26 Nov 2026 08:00:00 -0700",
    "MIME-Version: 1.0",
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    `Hi! ${IMG}`,
    BREAKOUT,
    JS_URL,
    "",
    `--${boundary}`,
    "Content-Type: text/html; charset=utf-8",
    "",
    `<p>Hi!</p><script>alert("xss-html")</script><a href="${JS_URL}">open</a><img src=x onerror=alert("xss-html-img")>`,
    "",
    `--${boundary}--`,
    "",
  ].join("\r\n");
}

test("an email we couldn't read with a hostile subject, sender and body never runs: the list and 'Make this a guest message'", async ({
  browser,
}) => {
  const { webhookUrl } = (await (await host.api.get("/api/inbound")).json()) as {
    webhookUrl: string;
  };
  const posted = await host.api.post(new URL(webhookUrl).pathname, {
    headers: { "Content-Type": "message/rfc822" },
    data: hostileUnreadEmail(),
  });
  expect(posted.status(), await posted.text()).toBe(202);
  const { id, kind } = (await posted.json()) as { id: string; kind: string };
  expect(kind).toBe("unrecognized");
  const guestMessage = `/dashboard/inbox/email/${id}/guest-message`;
  await expectEscapedHtml("/dashboard/inbox");
  await expectEscapedHtml(guestMessage);

  const { context, page, dialogs } = await hostPage(browser);
  await openAndCheck(page, "/dashboard/inbox");
  const list = page.getByRole("list", { name: "Emails we couldn't read" });
  await expect(list).toContainText(`${SCRIPT} ${IMG}`);
  await list.getByRole("link", { name: "Make this a guest message" }).first().click();
  await expect(page).toHaveURL(guestMessage);
  await waitForHydration(page);
  await expect(page.getByRole("region", { name: "The email" })).toContainText(SCRIPT);
  // The body is prefilled as text, never as markup.
  await expect(page.getByLabel("The guest's message")).toHaveValue(/img src=x onerror/);
  await expectNothingInjected(page, guestMessage);
  // Made a guest message, the text stays text on the conversation page.
  await page.getByLabel("Guest's name").fill(`Jordan ${IMG}`);
  await page.getByRole("button", { name: "Make this a guest message" }).click();
  await expect(page).toHaveURL(/\/dashboard\/inbox\/[0-9a-f-]{36}$/);
  await waitForHydration(page);
  await expect(page.getByText(/img src=x onerror/).first()).toBeVisible();
  await expectNothingInjected(page, "the conversation");
  await expectEscapedHtml(new URL(page.url()).pathname);
  expect(dialogs).toEqual([]);
  await context.close();
});

/**
 * Gmail's confirmation as a forger would send it: Gmail's sender, a hostile address in the
 * subject, and links that are not Google's confirm page.
 */
const FORGED_FROM = '"autofocus/onfocus=alert`xss-from`//"@gmail.com';

function forgedConfirmation(code: string, links: { text: string[]; html: string }) {
  const boundary = "forged";
  return [
    "From: Gmail Team <forwarding-noreply@google.com>",
    "To: host@inbound.fleet.test",
    `Subject: (#${code}) Gmail Forwarding Confirmation - Receive Mail from ${FORGED_FROM}`,
    `Message-ID: <forged-${Date.now()}-${Math.random()}@mail.gmail.com>`,
    "Date: Thu, 26 Nov 2026 08:00:00 -0800",
    "MIME-Version: 1.0",
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    `${SCRIPT}@gmail.com has requested to automatically forward mail to your email`,
    `Confirmation code: ${code}`,
    ...links.text,
    "",
    `--${boundary}`,
    "Content-Type: text/html; charset=utf-8",
    "",
    links.html,
    "",
    `--${boundary}--`,
    "",
  ].join("\r\n");
}

test("a forged Gmail confirmation shows its code as text, and a confirm link only to Google's https page: javascript: never", async ({
  browser,
}) => {
  const { webhookUrl } = (await (await host.api.get("/api/inbound")).json()) as {
    webhookUrl: string;
  };
  const post = async (raw: string) => {
    const response = await host.api.post(new URL(webhookUrl).pathname, {
      headers: { "Content-Type": "message/rfc822" },
      data: raw,
    });
    expect(response.status(), await response.text()).toBe(202);
    expect(((await response.json()) as { kind: string }).kind).toBe("forwarding-confirmation");
  };
  // Only links elsewhere (or javascript:) dressed as Google's: no link at all, the code stays.
  await post(
    forgedConfirmation("40961234", {
      text: [
        `${JS_URL}//mail.google.com/mail/vf-abc`,
        "https://mail.google.com.evil.example/mail/vf-abc",
        "https://evil.example/mail.google.com/mail/vf-abc",
        "http://mail.google.com/mail/vf-abc",
      ],
      html: `<a href="${JS_URL}//https:/mail.google.com/mail/vf-x">Confirm</a>`,
    }),
  );
  // A javascript: prefix before Google's link: only Google's https link is kept.
  await post(
    forgedConfirmation("40961235", {
      text: [`${JS_URL}//https://mail.google.com/mail/vf-forged-1"onclick=alert(1)`],
      html: `<a href="javascript:alert(2)//https://mail.google.com/mail/vf-forged-2">x</a>`,
    }),
  );
  for (const path of ["/dashboard/inbox", "/dashboard/inbox/setup"]) {
    await expectEscapedHtml(path);
    const { context, page, dialogs } = await hostPage(browser);
    await openAndCheck(page, path);
    const banners = page.getByRole("region", { name: "Confirm Gmail forwarding" });
    await expect(banners).toHaveCount(2);
    for (const code of ["40961234", "40961235"]) {
      await expect(banners.getByText(code, { exact: true })).toBeVisible();
    }
    for (const banner of await banners.all()) await expect(banner).toContainText(FORGED_FROM);
    const links = await page
      .getByRole("link", { name: "Open Gmail's confirm link" })
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")!));
    expect(links).toHaveLength(1);
    for (const href of links) {
      const url = new URL(href);
      expect(url.protocol).toBe("https:");
      expect(["mail.google.com", "mail-settings.google.com"]).toContain(url.hostname);
      expect(url.pathname).toMatch(/^\/mail\/vf-/);
    }
    // Opening the link goes nowhere but that page: nothing runs here.
    expect(dialogs).toEqual([]);
    await context.close();
  }
  // Hiding one is a plain post with the id, like any other.
  const hidden = await host.api.post("/dashboard/inbox", {
    headers: SAME_ORIGIN,
    form: { intent: "dismiss-confirmation", emailId: "not-an-id" },
    maxRedirects: 0,
  });
  expect(hidden.status()).toBe(404);
});
