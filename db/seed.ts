import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { estimateRepair } from "~/domain/estimate/engine";
import { resolveRateCard } from "~/domain/estimate/rate-card";
import { hashPasswordSync } from "./password-hash";
import * as schema from "./schema";

const SEED_KEY = "seeded_at";
export const DEMO_USERNAME = "demo";

/**
 * Runs once per database, on first boot: a demo owner account to look around with. Its password
 * is random and printed once to the log, so no installation ships a known password. Features
 * that need demo data (the sample vehicle and report) add their step here.
 */
export function seed(
  db: BetterSQLite3Database<typeof schema>,
  log: (line: string) => void = console.log,
) {
  const done = db.select().from(schema.appMeta).where(eq(schema.appMeta.key, SEED_KEY)).get();
  if (done) return;
  const password = crypto.randomBytes(9).toString("base64url");
  const userId = crypto.randomUUID();
  const accountId = crypto.randomUUID();
  const passwordHash = hashPasswordSync(password);
  db.transaction((tx) => {
    tx.insert(schema.users)
      .values({
        id: userId,
        username: DEMO_USERNAME,
        usernameKey: DEMO_USERNAME,
        email: "demo@fleetassist.local",
        emailVerifiedAt: new Date(),
        passwordHash,
        firstName: "Demo",
        lastName: "Host",
      })
      .run();
    tx.insert(schema.accounts).values({ id: accountId, ownerUserId: userId }).run();
    tx.insert(schema.memberships).values({ accountId, userId, role: "primary" }).run();
    tx.insert(schema.appMeta).values({ key: SEED_KEY, value: new Date().toISOString() }).run();
  });
  log(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "info",
      msg: `First run: created the demo account "${DEMO_USERNAME}"; its one-time password is in the banner below.`,
    }),
  );
  log(demoAccountBanner(password));
}

/** The first-run sign-in details, framed so they stand out in a terminal full of log lines. */
export function demoAccountBanner(password: string): string {
  const lines = [
    "FleetAssist: your demo account is ready.",
    "",
    "  Sign in at  /auth",
    `  Username    ${DEMO_USERNAME}`,
    `  Password    ${password}`,
    "",
    "This password is shown only this once. Change it under Account after you sign in.",
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = "=".repeat(width + 4);
  return ["", rule, ...lines.map((line) => `  ${line}`), rule, ""].join("\n");
}

export const DEMO_REPORT_KEY = "demo_report_id";

/** The findings of the public sample report (/diagram-demo): a typical post-trip claim. */
const DEMO_FINDINGS = [
  {
    panel: "front-bumper",
    damageType: "scratch",
    severity: "moderate",
    sizeCm: 25,
    preExisting: false,
  },
  {
    panel: "front-door-left",
    damageType: "dent",
    severity: "minor",
    sizeCm: 4,
    preExisting: false,
  },
  {
    panel: "wheel-front-right",
    damageType: "wheel-curb-rash",
    severity: "minor",
    sizeCm: 12,
    preExisting: false,
  },
  { panel: "rear-bumper", damageType: "scuff", severity: "minor", sizeCm: 10, preExisting: true },
] as const;

/**
 * The sample report behind the public diagram demo: a demo car with hand-tagged damage, priced
 * by the real engine at the national default rates. Runs once per database (also on databases
 * seeded before the demo existed), owned by the demo account.
 */
export function seedDemoReport(db: BetterSQLite3Database<typeof schema>) {
  const done = db
    .select()
    .from(schema.appMeta)
    .where(eq(schema.appMeta.key, DEMO_REPORT_KEY))
    .get();
  if (done) return;
  const owner = db
    .select({ accountId: schema.accounts.id, userId: schema.users.id })
    .from(schema.users)
    .innerJoin(schema.accounts, eq(schema.accounts.ownerUserId, schema.users.id))
    .where(eq(schema.users.usernameKey, DEMO_USERNAME))
    .get();
  if (!owner) return;
  const vehicle = {
    year: 2021,
    make: "Toyota",
    model: "Camry",
    bodyType: "sedan",
    priceClass: "mid",
    paintType: "metallic-pearl",
  } as const;
  const vehicleId = crypto.randomUUID();
  const reportId = crypto.randomBytes(16).toString("base64url");
  const findings = DEMO_FINDINGS.map((finding, position) => ({
    id: crypto.randomUUID(),
    position,
    confidence: 1,
    ...finding,
  }));
  const estimate = estimateRepair({
    vehicle,
    findings: findings.filter((finding) => !finding.preExisting),
    rateCard: resolveRateCard(null),
  });
  const now = new Date();
  const ratesJson = JSON.stringify({ state: null, overrides: {} });
  db.transaction((tx) => {
    tx.insert(schema.vehicles)
      .values({
        id: vehicleId,
        accountId: owner.accountId,
        nickname: "Sample Camry",
        trim: "SE",
        plate: "DEMO-21",
        updatedAt: now,
        ...vehicle,
      })
      .run();
    tx.insert(schema.reports)
      .values({
        id: reportId,
        accountId: owner.accountId,
        vehicleId,
        createdByUserId: owner.userId,
        status: "complete",
        mode: "manual",
        estimateJson: JSON.stringify(estimate),
        totalCents: estimate.totalCents,
        lowCents: estimate.lowCents,
        highCents: estimate.highCents,
        pinnedRatesJson: ratesJson,
        updatedAt: now,
        completedAt: now,
      })
      .run();
    const findingRows = findings.map(({ id, position, confidence, ...finding }) =>
      tx
        .insert(schema.findings)
        .values({
          id,
          reportId,
          accountId: owner.accountId,
          vehicleId,
          position,
          confidence,
          source: "host",
          ...finding,
        })
        .returning()
        .get(),
    );
    // The sample report is final: revision 1, frozen like any finalized report.
    tx.insert(schema.reportRevisions)
      .values({
        reportId,
        accountId: owner.accountId,
        number: 1,
        estimateJson: JSON.stringify(estimate),
        findingsJson: JSON.stringify(findingRows),
        ratesJson,
        totalCents: estimate.totalCents,
        lowCents: estimate.lowCents,
        highCents: estimate.highCents,
        finalizedAt: now,
      })
      .run();
    tx.insert(schema.appMeta).values({ key: DEMO_REPORT_KEY, value: reportId }).run();
  });
}
