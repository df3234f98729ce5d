import fs from "node:fs";
import type { Browser } from "@playwright/test";
import { browserContext, type TestUser } from "./accounts";
import { expect, waitForHydration } from "./fixtures";
import { phonePhoto } from "./photos";

export interface VehicleInput {
  year: number;
  make: string;
  model: string;
  bodyType: string;
  priceClass: string;
  paintType: string;
}

const CIVIC: VehicleInput = {
  year: 2019,
  make: "Honda",
  model: "Civic",
  bodyType: "sedan",
  priceClass: "economy",
  paintType: "solid",
};

/** Adds a car to the user's current account through POST /api/user/vehicles; its id. */
export async function addVehicleViaApi(user: TestUser, vehicle: Partial<VehicleInput> = {}) {
  const response = await user.api.post("/api/user/vehicles", { data: { ...CIVIC, ...vehicle } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { vehicle: { id: string } }).vehicle.id;
}

/**
 * A trip of `user`'s through POST /api/trips (201), guest Jordan Lee, in America/Denver; its id.
 */
export async function addTripViaApi(
  user: TestUser,
  trip: { reservationId: string; vehicleId: string; startAt: string; endAt: string },
) {
  const response = await user.api.post("/api/trips", {
    data: { guestName: "Jordan Lee", timeZone: "America/Denver", ...trip },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { trip: { id: string } }).trip.id;
}

/** A phone photo as a multipart file part (`seed` varies the picture). */
export async function photoPart(name: string, seed = 1) {
  return {
    name,
    mimeType: "image/jpeg",
    buffer: fs.readFileSync(await phonePhoto(name, { seed })),
  };
}

/** A hand-tagged report with one photo through POST /api/analysis, ready for review; its id. */
export async function handTaggedReportViaApi(
  user: TestUser,
  vehicleId: string,
  findings: Array<Record<string, unknown>>,
  photoSeed = 1,
) {
  const created = await user.api.post("/api/analysis", {
    multipart: {
      vehicleId,
      findings: JSON.stringify(findings),
      photos: await photoPart(`report-${photoSeed}.jpg`, photoSeed),
    },
  });
  expect(created.status(), await created.text()).toBe(202);
  return ((await created.json()) as { reportId: string }).reportId;
}

/** A hand-tagged report in review: a 2019 Toyota Corolla, a moderate dent on the hood; its id. */
export async function hoodDentReportViaApi(user: TestUser) {
  const vehicleId = await addVehicleViaApi(user, { year: 2019, make: "Toyota", model: "Corolla" });
  return handTaggedReportViaApi(user, vehicleId, [
    { panel: "hood", damageType: "dent", severity: "moderate" },
  ]);
}

/** A finalized (revision 1) report: hoodDentReportViaApi's, finalized; its id. */
export async function finalizedReportViaApi(user: TestUser) {
  const reportId = await hoodDentReportViaApi(user);
  const finalized = await user.api.post(`/api/analysis/${reportId}/finalize`);
  expect(finalized.status(), await finalized.text()).toBe(200);
  return reportId;
}

/** The report's review page, signed in as `user`, with JavaScript on or off. */
export async function openReview(
  browser: Browser,
  user: TestUser,
  reportId: string,
  javaScriptEnabled: boolean,
) {
  const context = await browserContext(browser, javaScriptEnabled);
  await context.addCookies((await user.api.storageState()).cookies);
  const page = await context.newPage();
  await page.goto(`/analysis/${reportId}`);
  if (javaScriptEnabled) await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Review the damage" })).toBeVisible();
  return { context, page };
}
