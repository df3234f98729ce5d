import { expect, query, test, uniqueEmail, waitForHydration } from "../support/fixtures";
import { SCHEDULING_URL } from "../support/env";

interface LeadRow {
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  marketplace_profile: string;
  vehicle_count: number;
  utm_attribution: string | null;
  source: string;
}

const leadsFor = (email: string) =>
  query<LeadRow>("select * from demo_leads where email = ?", email);
const clicksFrom = (location: string) =>
  query<{ n: number }>(
    "select count(*) as n from analytics_events where name = 'demo_button_clicked' and json_extract(properties, '$.location') = ?",
    location,
  )[0]?.n ?? 0;

async function fillStepTwo(
  page: import("@playwright/test").Page,
  form: import("@playwright/test").Locator,
) {
  await form.getByLabel("First Name*").fill("Dana");
  await form.getByLabel("Last Name*").fill("Okafor");
  await form.getByLabel("Phone*").fill("+1 555 010 4477");
  await form
    .getByLabel("Turo Profile Link or Fleet Website*")
    .fill("https://turo.com/us/en/drivers/998877");
  await form.getByLabel("Number of Vehicles* (min 5)").fill("12");
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`demo funnel with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("email, then details, then the scheduling page with the lead saved", async ({ page }) => {
      const email = uniqueEmail(javaScriptEnabled ? "js" : "nojs");
      await page.goto("/?utm_source=facebook&utm_medium=social&utm_campaign=fall");
      if (javaScriptEnabled) await waitForHydration(page);
      const hero = page.getByRole("form", { name: "Book a concierge demo" }).first();

      if (javaScriptEnabled) {
        // Captured into browser storage on startup, then removed from the address bar.
        await expect(page).toHaveURL(/\/$/);
        const stored = await page.evaluate(() => ({
          firstTouch: JSON.parse(
            localStorage.getItem("fleetassist.attribution.firstTouch") ?? "null",
          ),
          session: JSON.parse(sessionStorage.getItem("fleetassist.attribution.session") ?? "null"),
        }));
        expect(stored.firstTouch.initialUTM).toEqual({
          utm_source: "facebook",
          utm_medium: "social",
          utm_campaign: "fall",
        });
        expect(stored.firstTouch.pageUrl).toMatch(/\/$/);
        expect(stored.session.utm.utm_source).toBe("facebook");
      }

      // Step 1: only the email field.
      await expect(hero.getByLabel("First Name*")).toHaveCount(0);
      const clicksBefore = clicksFrom("hero");
      await hero.getByLabel("Email").fill(email);
      await hero.getByRole("button", { name: "Book a Free Demo" }).click();

      // Step 2: the full form, email read-only.
      await expect(hero.getByLabel("First Name*")).toBeVisible();
      const emailInput = hero.getByLabel("Email*");
      await expect(emailInput).toHaveValue(email);
      await expect(emailInput).toHaveAttribute("readonly", "");
      // Nothing typed in step 1 may carry over into another field.
      for (const label of ["First Name*", "Last Name*", "Phone*", "Number of Vehicles* (min 5)"]) {
        await expect(hero.getByLabel(label)).toHaveValue("");
      }
      await expect(hero.getByLabel("Turo Profile Link or Fleet Website*")).toHaveValue("");
      await expect(hero.getByLabel("Phone*")).toHaveAttribute("type", "tel");
      const vehicles = hero.getByLabel("Number of Vehicles* (min 5)");
      await expect(vehicles).toHaveAttribute("type", "number");
      await expect(vehicles).toHaveAttribute("min", "5");
      for (const label of ["First Name*", "Last Name*", "Phone*", "Number of Vehicles* (min 5)"]) {
        await expect(hero.getByLabel(label)).toHaveAttribute("required", "");
      }
      expect(clicksFrom("hero")).toBe(clicksBefore + 1);

      await fillStepTwo(page, hero);
      if (javaScriptEnabled) {
        // Hold the submission briefly so the busy state can be seen.
        await page.route("**/*.data*", async (route) => {
          if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 600));
          await route.continue();
        });
      }
      const submit = hero.getByRole("button", { name: "Schedule My Demo" });
      await submit.click();
      if (javaScriptEnabled) {
        const busy = hero.getByRole("button", { name: "Redirecting..." });
        await expect(busy).toBeVisible();
        await expect(busy).toBeDisabled();
      }

      await page.waitForURL((url) => url.href.startsWith(SCHEDULING_URL));
      const params = new URL(page.url()).searchParams;
      expect(Object.fromEntries(params)).toEqual({
        email,
        name: "Dana Okafor",
        a1: "+1 555 010 4477",
        a2: "https://turo.com/us/en/drivers/998877",
        a3: "12",
      });

      const leads = leadsFor(email);
      expect(leads).toHaveLength(1);
      expect(leads[0]).toMatchObject({
        first_name: "Dana",
        last_name: "Okafor",
        vehicle_count: 12,
        marketplace_profile: "https://turo.com/us/en/drivers/998877",
        source: "hero",
      });
      const attribution = JSON.parse(leads[0]?.utm_attribution ?? "null");
      expect(attribution.firstTouch.initialUTM).toEqual({
        utm_source: "facebook",
        utm_medium: "social",
        utm_campaign: "fall",
      });
      expect(attribution.session.utm.utm_campaign).toBe("fall");
    });

    test("the closing form works on its own", async ({ page }) => {
      const email = uniqueEmail("closing");
      await page.goto("/");
      if (javaScriptEnabled) await waitForHydration(page);
      const closing = page.getByRole("form", { name: "Book a concierge demo" }).nth(1);
      await closing.getByLabel("Email").fill(email);
      await closing.getByRole("button", { name: "Book a Free Demo" }).click();
      await expect(closing.getByLabel("Email*")).toHaveValue(email);
      // The hero form stays on step 1.
      const hero = page.getByRole("form", { name: "Book a concierge demo" }).first();
      await expect(hero.getByRole("button", { name: "Book a Free Demo" })).toBeVisible();
      await fillStepTwo(page, closing);
      await closing.getByRole("button", { name: "Schedule My Demo" }).click();
      await page.waitForURL((url) => url.href.startsWith(SCHEDULING_URL));
      expect(leadsFor(email)[0]?.source).toBe("closing");
    });
  });
}

test.describe("server-side validation (what a browser without validation would send)", () => {
  /** The hero form's booking step with every field valid: each test changes only its subject. */
  const validBooking = (email: string) => ({
    formId: "hero",
    intent: "book",
    email,
    firstName: "Lee",
    lastName: "Park",
    phone: "555 123 4567",
    turoProfile: "leeparkcars.com",
    vehicleCount: "5",
  });

  test("fewer than 5 vehicles re-renders step 2 with a message and the input kept", async ({
    page,
  }) => {
    const email = uniqueEmail("few");
    const response = await page.request.post("/?index", {
      form: { ...validBooking(email), vehicleCount: "3" },
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("The concierge demo is for fleets of 5 or more vehicles.");
    expect(html).toContain('value="leeparkcars.com"');
    expect(html).toContain(`value="${email}"`);
    expect(leadsFor(email)).toHaveLength(0);
  });

  test("a bad email on step 1 answers 400 with a clear message", async ({ page }) => {
    const response = await page.request.post("/?index", {
      form: { formId: "hero", intent: "start", email: "not-an-email" },
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Enter a valid email address, like name@example.com.");
  });

  test("a filled honeypot is refused and nothing is saved", async ({ page }) => {
    const email = uniqueEmail("bot");
    const response = await page.request.post("/?index", {
      form: { ...validBooking(email), company_website: "https://spam.example" },
    });
    expect(response.status()).toBe(400);
    expect(leadsFor(email)).toHaveLength(0);
  });
});

test.describe("POST /api/demo-leads", () => {
  const lead = () => ({
    email: uniqueEmail("api"),
    firstName: "Ari",
    lastName: "Cole",
    phone: "+1 555 222 3333",
    turoProfile: "https://turo.com/us/en/drivers/1",
    vehicleCount: 9,
  });

  test("saves a valid lead and returns the scheduling link", async ({ request }) => {
    const body = lead();
    const response = await request.post("/api/demo-leads", { data: body });
    expect(response.status()).toBe(201);
    const json = await response.json();
    expect(json.ok).toBe(true);
    expect(new URL(json.redirectUrl).searchParams.get("a3")).toBe("9");
    expect(leadsFor(body.email)).toHaveLength(1);
  });

  test("answers 4xx with an error for hostile bodies, never 500", async ({ request }) => {
    const bodies: Array<{ data?: unknown; raw?: string; status: number }> = [
      { raw: "{not json", status: 400 },
      { raw: "[]", status: 400 },
      { data: { ...lead(), vehicleCount: 2 }, status: 400 },
      { data: { ...lead(), email: "<script>" }, status: 400 },
      { data: { ...lead(), vehicleCount: "1e309" }, status: 400 },
      { data: { ...lead(), firstName: "x".repeat(10_000) }, status: 400 },
    ];
    for (const body of bodies) {
      const response = await request.post("/api/demo-leads", {
        headers: { "Content-Type": "application/json" },
        data: body.raw ?? JSON.stringify(body.data),
      });
      expect(response.status(), JSON.stringify(body).slice(0, 80)).toBe(body.status);
      expect(typeof (await response.json()).error).toBe("string");
    }
  });

  test("the 11th lead in a minute from one address is refused with 429", async ({ request }) => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await request.post("/api/demo-leads", { data: lead() });
      statuses.push(response.status());
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
