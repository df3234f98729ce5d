/**
 * One serialisable view of a report for the report page, the share page, the JSON API and the
 * PDF, so all of them show the same numbers, evidence and disclaimers.
 */
import { marketplace } from "~/config/marketplace";
import { LOST_INCOME_RULE, RULES_AS_OF } from "~/domain/marketplace-rules";
import {
  BODY_TYPE_LABELS,
  PAINT_TYPE_LABELS,
  PRICE_CLASS_LABELS,
  type BodyType,
  type PaintType,
  type PriceClass,
} from "~/domain/estimate/taxonomy";
import { DEFAULT_TIME_ZONE } from "~/domain/dates";
import { logoUrl } from "~/lib/accounts/logo.server";
import { accountPreferences } from "~/lib/accounts/preferences.server";
import { photoJson } from "./photos.server";
import { findingJson, type ReportData } from "./reports.server";
import { vehicleTitle } from "~/lib/vehicles/vehicles.server";

export const REPORT_DISCLAIMERS = [
  "This is a photo-based estimate prepared with FleetAssist. It is not a repair order or a binding quote: a repair shop's inspection sets the final price.",
  "Damage that can't be seen in photos (brackets, sensors, frame, wiring) is not priced. The high end of the range allows for some of it; a teardown can still raise the cost.",
  "Labor rates, paint materials and tax are regional defaults or the host's own shop rates, as shown on each line. Part prices are typical ranges for the car's price class, not quotes.",
  "Capture times and GPS come from the photos' own metadata; the SHA-256 fingerprint of each original photo file lets anyone holding that file check it is the photo shown here, unchanged.",
];

export const LOST_INCOME_RULE_TEXT = `days = labor hours ÷ ${LOST_INCOME_RULE.laborHoursPerDay}, rounded up, plus weekends`;

export interface ReportViewOptions {
  /** Where photo files are served: "/photos" for the owner, "/share/{token}/photos" for a link. */
  photoUrlBase: string;
  /** Whether the viewer may see GPS positions (the owner always; shares only if allowed). */
  showGps: boolean;
}

export function reportView(data: ReportData, options: ReportViewOptions) {
  const { report, vehicle, estimate } = data;
  const photos = data.photos.map((photo, index) =>
    photoJson(photo, index + 1, options.photoUrlBase, options.showGps),
  );
  const photoNumbers = new Map(photos.map((photo) => [photo.id, photo.number]));
  const findings = data.findings.map((row, index) => findingJson(row, index + 1, photoNumbers));
  const confidence =
    findings.length === 0
      ? null
      : Math.min(
          ...findings.filter((f) => !f.preExisting && !f.sameAsFindingId).map((f) => f.confidence),
          1,
        );
  const preferences = accountPreferences(report.accountId);
  return {
    id: report.id,
    status: report.status,
    /** The revision shown: the one open for edits, or a final one. */
    revision: report.revision,
    mode: report.mode,
    failureReason: report.failureReason,
    aiModel: report.aiModel,
    shareGps: report.shareGps,
    createdAt: report.createdAt.toISOString(),
    analyzedAt: report.analyzedAt?.toISOString() ?? null,
    completedAt: report.completedAt?.toISOString() ?? null,
    vehicle: {
      id: vehicle.id,
      title: vehicleTitle(vehicle),
      nickname: vehicle.nickname,
      vin: vehicle.vin,
      plate: vehicle.plate,
      bodyType: vehicle.bodyType as BodyType,
      bodyLabel: BODY_TYPE_LABELS[vehicle.bodyType as BodyType] ?? vehicle.bodyType,
      priceClassLabel: PRICE_CLASS_LABELS[vehicle.priceClass as PriceClass] ?? vehicle.priceClass,
      paintLabel: PAINT_TYPE_LABELS[vehicle.paintType as PaintType] ?? vehicle.paintType,
    },
    photos,
    findings,
    /** The lowest confidence among the priced findings (a chain is as strong as its weakest link). */
    confidence,
    estimate,
    lostIncome: {
      marketplaceName: marketplace.name,
      rule: LOST_INCOME_RULE_TEXT,
      asOf: RULES_AS_OF,
      caveat: LOST_INCOME_RULE.caveat,
    },
    disclaimers: REPORT_DISCLAIMERS,
    /** Who prepared the report, as the account presents itself (nothing when not set). */
    business: { name: preferences.businessName, logoUrl: logoUrl(preferences.logoKey) },
    /** The account's time zone and units: every reader sees dates and sizes as the host does. */
    display: {
      timeZone: preferences.timeZone ?? DEFAULT_TIME_ZONE,
      units: preferences.units,
    },
  };
}

export type ReportView = ReturnType<typeof reportView>;
