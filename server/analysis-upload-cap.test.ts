/**
 * POST /api/analysis with far more photos than a report holds: refused at once with the same
 * message as the /app page, before any photo is processed or stored (the real server, its
 * database and its file store).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, testPort, type TestServer } from "./test-server";

const TOO_MANY = "A report holds at most 20 photos. Send fewer photos.";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-upload-cap-"));
let server: TestServer;
let cookie = "";
let vehicleId = "";

beforeAll(async () => {
  server = await startServer(dataDir, testPort(7));
  const registered = await fetch(`${server.url}/api/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      username: "manyphotos",
      email: "many@fleet.test",
      password: "Fleet-many-keys under the mat",
      firstName: "Many",
      lastName: "Photos",
    }),
  });
  expect(registered.status, await registered.text()).toBe(201);
  cookie = registered.headers.getSetCookie()[0]!.split(";")[0]!;
  const created = await fetch(`${server.url}/api/user/vehicles`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({
      year: 2019,
      make: "Honda",
      model: "Civic",
      bodyType: "sedan",
      priceClass: "economy",
      paintType: "solid",
    }),
  });
  const text = await created.text();
  expect(created.status, text).toBe(201);
  vehicleId = (JSON.parse(text) as { vehicle: { id: string } }).vehicle.id;
}, 60_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function storedFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

/** Photos and reports in the database (the seed's demo report included). */
function rowCounts() {
  const db = new Database(path.join(dataDir, "fleetassist.db"), { readonly: true });
  try {
    return {
      photos: db.prepare("SELECT count(*) FROM photos").pluck().get(),
      reports: db.prepare("SELECT count(*) FROM reports").pluck().get(),
    };
  } finally {
    db.close();
  }
}

describe("POST /api/analysis with too many photos", () => {
  it("refuses 2,000 tiny files at once and writes nothing", async () => {
    const form = new FormData();
    form.append("vehicleId", vehicleId);
    // Tiny but real JPEGs: each one would go through the whole photo pipeline.
    const jpeg = await sharp({
      create: { width: 32, height: 24, channels: 3, background: { r: 90, g: 120, b: 150 } },
    })
      .jpeg()
      .toBuffer();
    for (let i = 0; i < 2000; i++) {
      form.append("photos", new Blob([new Uint8Array(jpeg)]), `p${i}.jpg`);
    }
    const before = rowCounts();
    const filesBefore = storedFiles(path.join(dataDir, "files"));
    const started = performance.now();
    const response = await fetch(`${server.url}/api/analysis`, {
      method: "POST",
      headers: { Cookie: cookie },
      body: form,
    });
    const body = (await response.json()) as { error: string; message: string };
    const ms = Math.round(performance.now() - started);
    console.log(`2,000 files refused in ${ms} ms`);

    expect(response.status).toBe(400);
    expect(body).toEqual({ error: TOO_MANY, message: TOO_MANY });
    expect(ms).toBeLessThan(5000);

    expect(rowCounts()).toEqual(before);
    expect(storedFiles(path.join(dataDir, "files"))).toEqual(filesBefore);

    // The server is still fine.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 60_000);
});
