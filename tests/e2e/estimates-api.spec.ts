import fc from "fast-check";
import sharp from "sharp";
import { disposeAll, registerViaApi, type TestUser } from "../support/accounts";
import { expect, query, test } from "../support/fixtures";
import { BASE_URL } from "../support/env";
import { addVehicleViaApi, photoPart } from "../support/estimates";

/** The JSON API of damage estimates, tenancy across accounts and hostile uploads. */

const HAND_TAGGED = JSON.stringify([
  { panel: "front-bumper", damageType: "scratch", severity: "moderate", sizeCm: 25 },
  { panel: "wheel-front-right", damageType: "wheel-curb-rash", severity: "minor" },
]);

interface ReportJson {
  reportId: string;
  status: string;
  photos: { id: string; url: string }[];
  findings: { id: string; panel: string; severity: string }[];
  estimate: { lines: { formula: string; amountCents: number }[]; totalCents: number } | null;
  lowCents: number | null;
  highCents: number | null;
}

test.describe("estimates API", () => {
  let owner: TestUser;
  let other: TestUser;
  let vehicleId: string;
  let reportId: string;

  test.beforeAll(async () => {
    owner = await registerViaApi("apiowner");
    other = await registerViaApi("apiother");
    vehicleId = await addVehicleViaApi(owner);
    const created = await owner.api.post("/api/analysis", {
      multipart: { vehicleId, findings: HAND_TAGGED, photos: await photoPart("a.jpg", 2) },
    });
    expect(created.status(), await created.text()).toBe(202);
    const body = (await created.json()) as { reportId: string; status: string };
    expect(body.status).toBe("needs_review");
    reportId = body.reportId;
  });

  test.afterAll(async () => disposeAll(owner, other));

  test("a VIN and a body type are enough to add a vehicle; the rest is assumed and said", async () => {
    const response = await owner.api.post("/api/user/vehicles", {
      data: { vin: "4T1B11HK4MU123456", model: "Camry", bodyType: "sedan" },
    });
    expect(response.status(), await response.text()).toBe(201);
    const body = (await response.json()) as {
      vehicle: { year: number; make: string; priceClass: string; paintType: string };
      assumed: string[];
    };
    expect(body.vehicle).toMatchObject({
      year: 2021,
      make: "Toyota",
      priceClass: "mid",
      paintType: "metallic-pearl",
    });
    expect(body.assumed).toEqual(["priceClass", "paintType"]);

    // A make sold only as a premium brand prices as premium; what the client sends is kept.
    const bmw = await owner.api.post("/api/user/vehicles", {
      data: { year: 2022, make: "BMW", model: "X3", bodyType: "suv", paintType: "solid" },
    });
    expect(bmw.status(), await bmw.text()).toBe(201);
    expect(await bmw.json()).toMatchObject({
      vehicle: { priceClass: "premium", paintType: "solid" },
      assumed: ["priceClass"],
    });

    // Without a body type it is still a clear 400.
    const noBody = await owner.api.post("/api/user/vehicles", {
      data: { year: 2022, make: "BMW", model: "X3" },
    });
    expect(noBody.status()).toBe(400);
    expect((await noBody.json()).fieldErrors).toMatchObject({ bodyType: "Choose the body type." });
  });

  test("a hand-tagged report is priced line by line, and review edits re-price it", async () => {
    const detail = (await (await owner.api.get(`/api/analysis/${reportId}`)).json()) as ReportJson;
    expect(detail.findings.map((f) => f.panel)).toEqual(["front-bumper", "wheel-front-right"]);
    expect(detail.estimate!.lines.length).toBeGreaterThan(2);
    for (const line of detail.estimate!.lines) expect(line.formula).not.toBe("");
    expect(detail.lowCents!).toBeLessThanOrEqual(detail.estimate!.totalCents);
    expect(detail.highCents!).toBeGreaterThan(detail.estimate!.totalCents);
    // Money is named one way in the report JSON: integer cents, "…Cents".
    expect(detail).not.toHaveProperty("low");
    expect(detail).not.toHaveProperty("high");

    const edited = await owner.api.put(`/api/analysis/${reportId}/findings`, {
      data: {
        findings: [
          {
            id: detail.findings[0]!.id,
            panel: "front-bumper",
            damageType: "scratch",
            severity: "severe",
          },
        ],
      },
    });
    expect(edited.status(), await edited.text()).toBe(200);
    const repriced = (await edited.json()) as ReportJson;
    expect(repriced.findings).toHaveLength(1);
    expect(repriced.findings[0]!.id).toBe(detail.findings[0]!.id);
    expect(repriced.estimate!.totalCents).not.toBe(detail.estimate!.totalCents);

    const list = (await (await owner.api.get("/api/analysis")).json()) as {
      reports: { reportId: string }[];
    };
    expect(list.reports.map((r) => r.reportId)).toContain(reportId);
    const pdf = await owner.api.get(`/api/analysis/${reportId}/pdf`);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  });

  test("another account gets 404 on every report, photo and PDF of this one", async () => {
    const photoId = query<{ id: string }>("select id from photos where report_id = ?", reportId)[0]!
      .id;
    for (const path of [
      `/api/analysis/${reportId}`,
      `/api/analysis/${reportId}/pdf`,
      `/analysis/${reportId}`,
      `/analysis/${reportId}/pdf`,
      `/photos/${photoId}`,
      `/photos/${photoId}?size=thumb`,
    ]) {
      const response = await other.api.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(404);
    }
    const put = await other.api.put(`/api/analysis/${reportId}/findings`, {
      data: { findings: [] },
    });
    expect(put.status()).toBe(404);
    const post = await other.api.post(`/analysis/${reportId}`, {
      form: { intent: "finalize" },
      headers: { Origin: BASE_URL },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(404);
    const foreignVehicle = await other.api.post("/api/analysis", {
      multipart: { vehicleId, photos: await photoPart("b.jpg", 3) },
    });
    expect(foreignVehicle.status()).toBe(404);
    expect((await other.api.get("/api/analysis")).status()).toBe(200);
    const theirs = (await (await other.api.get("/api/analysis")).json()) as { reports: unknown[] };
    expect(theirs.reports).toEqual([]);
  });

  test("signed out, the API answers 401", async ({ request }) => {
    for (const path of [
      "/api/analysis",
      `/api/analysis/${reportId}`,
      `/api/analysis/${reportId}/pdf`,
    ]) {
      expect((await request.get(path)).status(), path).toBe(401);
    }
  });

  test("every JSON error (401, 404, 405) carries both error and message", async ({ request }) => {
    const expectJsonError = async (
      label: string,
      response: Awaited<ReturnType<typeof request.get>>,
      status: number,
    ) => {
      expect(response.status(), label).toBe(status);
      expect(response.headers()["content-type"], label).toMatch(/^application\/json/);
      const body = (await response.json()) as { error: unknown; message: unknown };
      expect(typeof body.error, label).toBe("string");
      expect(body.message, label).toBe(body.error);
    };
    // Signed out.
    for (const path of [
      "/api/user",
      "/api/user/vehicles",
      "/api/dashboard",
      "/api/analysis",
      `/api/analysis/${reportId}`,
      `/api/analysis/${reportId}/pdf`,
    ]) {
      await expectJsonError(`GET ${path}`, await request.get(path), 401);
    }
    await expectJsonError(
      "POST /api/resend-verification",
      await request.post("/api/resend-verification"),
      401,
    );
    // Another account's (or nobody's) things.
    for (const path of [
      `/api/analysis/${reportId}`,
      `/api/analysis/${reportId}/pdf`,
      "/api/analysis/00000000-0000-4000-8000-000000000000",
    ]) {
      await expectJsonError(`GET ${path}`, await other.api.get(path), 404);
    }
    await expectJsonError(
      "PUT findings",
      await other.api.put(`/api/analysis/${reportId}/findings`, { data: { findings: [] } }),
      404,
    );
    await expectJsonError("DELETE /api/photos", await other.api.delete("/api/photos?id=nope"), 404);
    // Methods a route doesn't answer.
    for (const path of [
      "/api/login",
      "/api/register",
      "/api/demo-leads",
      `/api/analysis/${reportId}/findings`,
    ]) {
      await expectJsonError(`GET ${path}`, await request.get(path), 405);
    }
    await expectJsonError("DELETE /api/user", await request.delete("/api/user"), 405);
    await expectJsonError(
      `POST /api/analysis/${reportId}`,
      await owner.api.post(`/api/analysis/${reportId}`, { data: {} }),
      405,
    );
  });

  test("hostile uploads get a clear 4xx and nothing half-written", async () => {
    const photosOfOwner = () =>
      query<{ n: number }>(
        "select count(*) as n from photos where uploaded_by_user_id = ?",
        owner.id,
      )[0]!.n;
    const before = photosOfOwner();
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from("ftypheic\0\0\0\0mif1heic"),
      Buffer.alloc(64),
    ]);
    const cases: {
      name: string;
      file: { name: string; mimeType: string; buffer: Buffer };
      status: number;
      message: RegExp;
    }[] = [
      {
        name: "HEIC",
        file: { name: "IMG_1.HEIC", mimeType: "image/heic", buffer: heic },
        status: 415,
        message: /HEIC/,
      },
      {
        name: "script named .jpg",
        file: {
          name: "x.jpg",
          mimeType: "image/jpeg",
          buffer: Buffer.from("<script>alert(1)</script>"),
        },
        status: 415,
        message: /JPEG, PNG or WebP/,
      },
      {
        name: "20000×20000 PNG",
        file: {
          name: "bomb.png",
          mimeType: "image/png",
          buffer: await sharp({
            create: { width: 20000, height: 20000, channels: 3, background: "#000" },
            limitInputPixels: false,
          })
            .png({ compressionLevel: 9 })
            .toBuffer(),
        },
        status: 413,
        message: /megapixels/,
      },
    ];
    for (const { name, file, status, message } of cases) {
      const started = Date.now();
      const response = await owner.api.post("/api/analysis", {
        multipart: { vehicleId, photos: file },
      });
      expect(response.status(), name).toBe(status);
      expect(((await response.json()) as { error: string }).error, name).toMatch(message);
      expect(Date.now() - started, name).toBeLessThan(5_000);
    }
    const bad = await owner.api.post("/api/analysis", {
      multipart: {
        vehicleId,
        findings: '[{"panel":"hood","damageType":"odor","severity":"minor"}]',
        photos: await photoPart("c.jpg", 4),
      },
    });
    expect(bad.status()).toBe(400);
    // A good photo sent beside a bad one is not left behind either.
    const mixed = new FormData();
    mixed.append("vehicleId", vehicleId);
    mixed.append("photos", new Blob([(await photoPart("d.jpg", 6)).buffer]), "good.jpg");
    mixed.append("photos", new Blob([Buffer.from("not a photo")]), "bad.jpg");
    const partial = await owner.api.post("/api/analysis", { multipart: mixed });
    expect(partial.status()).toBe(415);
    expect(((await partial.json()) as { error: string }).error).toMatch(/JPEG, PNG or WebP/);
    expect(photosOfOwner()).toBe(before);

    // Random field values never crash the routes.
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 40 }),
        fc.string({ maxLength: 200 }),
        async (id, findings) => {
          const response = await owner.api.post("/api/analysis", {
            multipart: { vehicleId: id, findings },
          });
          expect(response.status()).toBeGreaterThanOrEqual(400);
          expect(response.status()).toBeLessThan(500);
          const put = await owner.api.put(
            `/api/analysis/${encodeURIComponent(id) || "x"}/findings`,
            {
              headers: { "Content-Type": "application/json" },
              data: findings,
            },
          );
          expect(put.status()).toBeGreaterThanOrEqual(400);
          expect(put.status()).toBeLessThan(500);
        },
      ),
      { numRuns: 25 },
    );
  });
});
