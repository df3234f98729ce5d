import fc from "fast-check";
import { apiContext, registerViaApi, type TestUser } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import {
  apiBody,
  expectJsonAnswer,
  expectPageAnswer,
  hostileString,
  options,
  pageBody,
  raw,
  send,
  show,
} from "../support/fuzz";
import { addVehicleViaApi, handTaggedReportViaApi } from "../support/estimates";
import { RATE_FIELDS } from "../../app/domain/estimate/rate-card";
import { CSV_FIELDS } from "../../app/lib/tools/fleet-audit-query";

/**
 * Hostile input on the actions and JSON routes outside accounts: the demo form on the home page,
 * the estimate pages, the fleet pages and the free tools (see tests/support/fuzz.ts for the
 * inputs and what counts as a good answer).
 */

test.describe.configure({ timeout: 180_000 });

const VEHICLE_FIELDS = [
  "vin",
  "year",
  "make",
  "model",
  "trim",
  "bodyType",
  "priceClass",
  "paintType",
  "plate",
  "nickname",
  "status",
];
const FINDING_FIELDS = [
  "findingId",
  "panel",
  "damageType",
  "severity",
  "sizeCm",
  "size",
  "sizeUnit",
  "preExisting",
  "note",
  "hailDentCount",
  "hailDentSize",
  "hailOversize",
  "sensor",
  "paintCracked",
];

let owner: TestUser;
let vehicleId: string;
let reportId: string;

test.beforeAll(async () => {
  owner = await registerViaApi("appfuzz");
  vehicleId = await addVehicleViaApi(owner, { year: 2020, make: "Toyota", model: "Camry" });
  reportId = await handTaggedReportViaApi(
    owner,
    vehicleId,
    [{ panel: "front-bumper", damageType: "scratch", severity: "moderate", sizeCm: 20 }],
    3,
  );
});

test.afterAll(async () => owner?.api.dispose());

const PAGE_ROUTES: Array<{
  name: string;
  path: () => string;
  fields: string[];
  intents?: string[];
  signedIn: boolean;
}> = [
  {
    name: "/ (demo form)",
    path: () => "/?index",
    fields: [
      "formId",
      "email",
      "firstName",
      "lastName",
      "phone",
      "turoProfile",
      "vehicleCount",
      "company_website",
    ],
    intents: ["start", "book"],
    signedIn: false,
  },
  {
    name: "/analysis/<id>",
    path: () => `/analysis/${reportId}`,
    fields: [...FINDING_FIELDS, "days", "linkId", "shareGps"],
    // Every intent but "finalize", which would end the editing the others need.
    intents: [
      "add-finding",
      "update-finding",
      "remove-finding",
      "share",
      "revoke-share",
      "share-gps",
      "retry",
      "open-revision",
      "reprice",
      "printed",
    ],
    signedIn: true,
  },
  {
    name: "/app",
    path: () => `/app?vehicleId=${vehicleId}`,
    fields: [...VEHICLE_FIELDS, "vehicleId", "mode", "phase", "acceptWarnings"],
    intents: ["add-vehicle", "upload", "analyze"],
    signedIn: true,
  },
  {
    name: "/dashboard/vehicles/new",
    path: () => "/dashboard/vehicles/new",
    fields: VEHICLE_FIELDS,
    signedIn: true,
  },
  {
    name: "/dashboard/vehicle/<id>",
    path: () => `/dashboard/vehicle/${vehicleId}`,
    fields: [...VEHICLE_FIELDS, "findingId", "repaired"],
    intents: ["update", "repair", "repair-all"],
    signedIn: true,
  },
  {
    name: "/dashboard/rates",
    path: () => "/dashboard/rates",
    fields: ["state", ...RATE_FIELDS],
    signedIn: true,
  },
  {
    name: "/fleet-audit-calculator",
    path: () => "/fleet-audit-calculator",
    fields: Object.values(CSV_FIELDS),
    signedIn: false,
  },
];

for (const route of PAGE_ROUTES) {
  test(`page ${route.name}: hostile form posts → < 500 with a visible message`, async () => {
    const api = route.signedIn ? owner.api : await apiContext();
    await fc.assert(
      fc.asyncProperty(pageBody(route.fields, route.intents), async (input) => {
        const path = route.path();
        await expectPageAnswer(await send(api, path, input), `${path} ${show(input)}`);
      }),
      options,
    );
    if (!route.signedIn) await api.dispose();
  });
}

test("finding forms with an unknown panel or damage type re-render with a message", async () => {
  const panel = fc.oneof(
    hostileString,
    fc.constantFrom("roof-rack", "toString", "__proto__", "constructor", "FRONT-BUMPER"),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom("add-finding", "update-finding"),
      panel,
      fc.oneof(fc.constantFrom("scratch", "dent"), hostileString),
      async (intent, panelValue, damageType) => {
        const form = new URLSearchParams({
          intent,
          findingId: "x",
          panel: panelValue,
          damageType,
          severity: "minor",
        });
        const input = raw("application/x-www-form-urlencoded", form.toString(), "finding");
        const response = await send(owner.api, `/analysis/${reportId}`, input);
        await expectPageAnswer(response, `${intent} panel=${JSON.stringify(panelValue)}`);
      },
    ),
    options,
  );
});

const API_ROUTES: Array<{ name: string; path: () => string; method: string; fields: string[] }> = [
  {
    name: "POST /api/user/vehicles",
    path: () => "/api/user/vehicles",
    method: "POST",
    fields: VEHICLE_FIELDS,
  },
  {
    name: "PUT /api/analysis/<id>/findings",
    path: () => `/api/analysis/${reportId}/findings`,
    method: "PUT",
    fields: ["findings", ...FINDING_FIELDS],
  },
  {
    name: "POST /api/analysis",
    path: () => "/api/analysis",
    method: "POST",
    fields: ["vehicleId", "findings", "photoIds"],
  },
];

for (const route of API_ROUTES) {
  test(`API ${route.name}: hostile bodies → < 500 with a message`, async () => {
    await fc.assert(
      fc.asyncProperty(apiBody(route.fields), async (input) => {
        const response = await send(owner.api, route.path(), input, route.method);
        await expectJsonAnswer(response, `${route.name} ${show(input)}`);
      }),
      options,
    );
    expect((await owner.api.get("/api/user")).status(), "still signed in").toBe(200);
  });
}
