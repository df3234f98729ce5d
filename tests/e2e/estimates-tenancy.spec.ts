import { disposeAll, registerTenancyCast, type TenancyCast } from "../support/accounts";
import { SAME_ORIGIN } from "../support/env";
import { expect, query, test } from "../support/fixtures";
import { addVehicleViaApi, handTaggedReportViaApi, photoPart } from "../support/estimates";

/**
 * Tenancy over the damage-estimate routes: owner A's team member and VA (working in A) reach A's
 * vehicles, reports, photos, PDFs and can review; owner B gets 404 on every one of A's ids, and a
 * refused request changes nothing.
 */

test.describe.configure({ mode: "serial" });

/** Owners A and B, A's team member and A's VA. */
let cast: TenancyCast;
let vehicleId: string;
let reportId: string;
let photoId: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cast = await registerTenancyCast("est");

  vehicleId = await addVehicleViaApi(cast.ownerA, {
    year: 2022,
    make: "Tesla",
    model: "Model 3",
    priceClass: "ev-hybrid",
    paintType: "metallic-pearl",
  });
  reportId = await handTaggedReportViaApi(
    cast.ownerA,
    vehicleId,
    [{ panel: "rear-bumper", damageType: "dent", severity: "moderate" }],
    21,
  );
  photoId = query<{ id: string }>("select id from photos where report_id = ?", reportId)[0]!.id;
});

test.afterAll(async () => disposeAll(cast.ownerA, cast.ownerB, cast.teamA, cast.vaA));

const pagesOfA = () => [
  `/analysis/${reportId}`,
  `/analysis/${reportId}/pdf`,
  `/photos/${photoId}`,
  `/photos/${photoId}?size=thumb`,
  `/dashboard/vehicle/${vehicleId}`,
  `/diagram-dashboard/${vehicleId}`,
  `/api/analysis/${reportId}`,
  `/api/analysis/${reportId}/pdf`,
];

test("A's team member and VA, working in A, reach every page, photo and PDF of A's report", async () => {
  for (const user of [cast.ownerA, cast.teamA, cast.vaA]) {
    for (const path of pagesOfA()) {
      const response = await user.api.get(path, { maxRedirects: 0 });
      expect(response.status(), `${user.username} ${path}`).toBe(200);
    }
    const vehicles = (await (await user.api.get("/api/user/vehicles")).json()) as {
      vehicles: { id: string }[];
    };
    expect(vehicles.vehicles.map((v) => v.id)).toContain(vehicleId);
  }
});

test("owner B gets 404 on every one of A's ids, and nothing changes", async () => {
  const before = query("select * from findings where report_id = ? order by id", reportId);
  for (const path of pagesOfA()) {
    const response = await cast.ownerB.api.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
  }
  const writes = [
    cast.ownerB.api.put(`/api/analysis/${reportId}/findings`, { data: { findings: [] } }),
    cast.ownerB.api.post(`/analysis/${reportId}`, {
      form: { intent: "remove-finding", findingId: String((before[0] as { id: string }).id) },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    }),
    cast.ownerB.api.post(`/analysis/${reportId}`, {
      form: { intent: "finalize" },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    }),
    cast.ownerB.api.post(`/dashboard/vehicle/${vehicleId}`, {
      form: {
        intent: "update",
        model: "Hacked",
        year: "2020",
        make: "X",
        bodyType: "sedan",
        priceClass: "mid",
        paintType: "solid",
      },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    }),
    cast.ownerB.api.post("/api/analysis", {
      multipart: { vehicleId, photos: await photoPart("u.jpg", 22) },
    }),
    cast.ownerB.api.delete(`/api/photos?id=${photoId}`),
  ];
  for (const response of await Promise.all(writes)) {
    expect(response.status(), response.url()).toBe(404);
  }
  expect(query("select * from findings where report_id = ? order by id", reportId)).toEqual(before);
  expect(
    query<{ model: string }>("select model from vehicles where id = ?", vehicleId)[0]!.model,
  ).toBe("Model 3");
  const theirs = (await (await cast.ownerB.api.get("/api/user/vehicles")).json()) as {
    vehicles: unknown[];
  };
  expect(theirs.vehicles).toEqual([]);
});

test("the VA reviews and finalizes A's report; back in their own account, A's ids are 404", async () => {
  const finalize = await cast.vaA.api.post(`/analysis/${reportId}`, {
    form: { intent: "finalize" },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(finalize.status()).toBe(302);
  expect(
    query<{ status: string }>("select status from reports where id = ?", reportId)[0]!.status,
  ).toBe("complete");

  const own = query<{ id: string }>(
    "select id from accounts where owner_user_id = ?",
    cast.vaA.id,
  )[0]!.id;
  const switched = await cast.vaA.api.post("/api/user/switch-account", {
    data: { accountId: own },
  });
  expect(switched.status()).toBe(200);
  for (const path of pagesOfA()) {
    const response = await cast.vaA.api.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
  }
});

test("a share link made by a team member outlives their membership; the owner sees and revokes it", async ({
  request,
}) => {
  const shared = await cast.teamA.api.post(`/analysis/${reportId}`, {
    form: { intent: "share", days: "30" },
    headers: SAME_ORIGIN,
  });
  expect(shared.status()).toBe(200);
  const sharePath = /\/share\/[\w-]{40,}/.exec(await shared.text())?.[0];
  expect(sharePath).toBeTruthy();
  const linkId = query<{ id: number }>(
    "select id from share_links where report_id = ? and created_by_user_id = ?",
    reportId,
    cast.teamA.id,
  )[0]!.id;

  const removed = await cast.ownerA.api.post("/account", {
    form: { intent: "remove", userId: cast.teamA.id },
    headers: SAME_ORIGIN,
  });
  expect(removed.status()).toBeLessThan(400);
  expect((await cast.teamA.api.get(`/analysis/${reportId}`)).status()).toBe(404);
  // The adjuster's link keeps working: it belongs to the account.
  expect((await request.get(sharePath!)).status()).toBe(200);

  const listing = await (await cast.ownerA.api.get("/dashboard/share-links")).text();
  expect(listing).toContain(
    `by ${cast.teamA.firstName} ${cast.teamA.lastName} (no longer on the team)`,
  );
  const report = await (await cast.ownerA.api.get(`/analysis/${reportId}`)).text();
  expect(report).toContain(
    `by ${cast.teamA.firstName} ${cast.teamA.lastName} (no longer on the team)`,
  );

  // Another account can neither see nor revoke it.
  expect(await (await cast.ownerB.api.get("/dashboard/share-links")).text()).not.toContain(
    reportId,
  );
  const foreign = await cast.ownerB.api.post("/dashboard/share-links", {
    form: { reportId, linkId: String(linkId) },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(foreign.status()).toBe(404);
  expect((await request.get(sharePath!)).status()).toBe(200);

  const revoked = await cast.ownerA.api.post("/dashboard/share-links", {
    form: { reportId, linkId: String(linkId) },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(revoked.status()).toBe(302);
  expect((await request.get(sharePath!)).status()).toBe(404);
  expect(await (await cast.ownerA.api.get("/dashboard/share-links")).text()).not.toContain(
    `/analysis/${reportId}`,
  );
});
