import { sql } from "drizzle-orm";
import { PHOTO_PHASES, VEHICLE_STATUSES, type PhotoPhase } from "~/domain/estimate/taxonomy";
import { MEASUREMENT_UNITS } from "~/domain/units";
import { TRIP_MATCH_BASES, TRIP_STATUSES } from "~/domain/trips/trip";
import { CLAIM_KINDS, CLAIM_STATUSES } from "~/domain/claims/claim";
import { KNOWLEDGE_TOPICS } from "~/domain/inbox/knowledge";
import { NOTIFICATION_KINDS } from "~/domain/inbox/notification-email";
import { DRAFT_KINDS, DRAFT_PURPOSES, DRAFT_STATUSES } from "~/domain/inbox/draft";
import { QUEUE_ITEM_KINDS } from "~/domain/concierge/queue-item";
import { FORWARDING_CONFIRMATION } from "~/domain/inbox/forwarding-confirmation";
import {
  blob,
  index,
  integer,
  real,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from "drizzle-orm/sqlite-core";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/** The account a row belongs to: deleting the account deletes the row. */
const ownedByAccount = () =>
  text("account_id")
    .notNull()
    .references((): AnySQLiteColumn => accounts.id, { onDelete: "cascade" });

/** The report a row belongs to: deleting the report deletes the row. */
const ofReport = () =>
  text("report_id")
    .notNull()
    .references((): AnySQLiteColumn => reports.id, { onDelete: "cascade" });

/** Prospects who asked for a concierge demo through the two-step form on /. */
export const demoLeads = sqliteTable(
  "demo_leads",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone").notNull(),
    marketplaceProfile: text("marketplace_profile").notNull(),
    vehicleCount: integer("vehicle_count").notNull(),
    /** JSON: { firstTouch, session } UTM records captured for this visitor, if any. */
    utmAttribution: text("utm_attribution"),
    source: text("source").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("demo_leads_email_idx").on(table.email)],
);

/** First-party record of product events; forwarded to PostHog only when a key is configured. */
export const analyticsEvents = sqliteTable(
  "analytics_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    properties: text("properties").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("analytics_events_name_idx").on(table.name)],
);

/** Key/value facts about this installation (e.g. when the demo seed ran). */
export const appMeta = sqliteTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

// ─── Accounts ───────────────────────────────────────────────────────────────────────────────────

export const ROLES = ["primary", "team_member", "va"] as const;
export type Role = (typeof ROLES)[number];

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    username: text("username").notNull(),
    /** Lower-cased username: usernames are unique regardless of case. */
    usernameKey: text("username_key").notNull().unique(),
    /** Stored lower-cased. */
    email: text("email").notNull().unique(),
    emailVerifiedAt: integer("email_verified_at", { mode: "timestamp_ms" }),
    /** `scrypt$N$r$p$salt$hash` (base64): the parameters travel with the hash. */
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
    /** Null means the free plan. */
    currentPlanId: text("current_plan_id"),
    /** Set by the concierge registration (/join-concierge). */
    isConcierge: integer("is_concierge", { mode: "boolean" }).notNull().default(false),
    conciergeFleetSize: integer("concierge_fleet_size"),
    marketplaceProfile: text("marketplace_profile"),
    utmAttribution: text("utm_attribution"),
    createdAt: createdAt(),
  },
  (table) => [index("users_created_idx").on(table.createdAt)],
);

/** Every user owns exactly one account; team members and VAs join other accounts. */
export const accounts = sqliteTable("accounts", {
  id: text("id").primaryKey(),
  ownerUserId: text("owner_user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Shown on reports, PDFs and share pages instead of the owner's name. */
  businessName: text("business_name"),
  /** Storage key of the business logo (PNG or JPEG), or null. */
  logoKey: text("logo_key"),
  /** IANA time zone every date and time of the account is shown in; null until set. */
  timeZone: text("time_zone"),
  /** Sizes in inches ("us") or centimeters ("metric"). */
  units: text("units", { enum: MEASUREMENT_UNITS }).notNull().default("us"),
  /** JSON array of hours before each claim deadline at which the owner is emailed. */
  reminderLeadHours: text("reminder_lead_hours").notNull().default("[24,2]"),
  /** A morning email listing the claim deadlines of the next three days. */
  dailyDigest: integer("daily_digest", { mode: "boolean" }).notNull().default(true),
  /** The host's own holding reply for guests a person has to answer; null uses the default. */
  holdingReply: text("holding_reply"),
  createdAt: createdAt(),
});

export const memberships = sqliteTable(
  "memberships",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountId: ownedByAccount(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("memberships_account_user_idx").on(table.accountId, table.userId),
    index("memberships_user_idx").on(table.userId),
  ],
);

/** Server-side sessions: the cookie carries a random id, the table holds its SHA-256. */
export const sessions = sqliteTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    currentAccountId: text("current_account_id").references(() => accounts.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    /** Absolute expiry; idle expiry is lastSeenAt + the idle window. */
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

export const TOKEN_PURPOSES = ["verify_email", "reset_password"] as const;

/** Single-use email tokens, stored hashed. */
export const authTokens = sqliteTable(
  "auth_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: TOKEN_PURPOSES }).notNull(),
    /** The address being verified (it can differ from the user's after an email change). */
    email: text("email").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [index("auth_tokens_user_idx").on(table.userId)],
);

export const invitations = sqliteTable(
  "invitations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountId: ownedByAccount(),
    email: text("email").notNull(),
    role: text("role", { enum: ["team_member", "va"] }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedByUserId: text("invited_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    acceptedAt: integer("accepted_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [index("invitations_account_idx").on(table.accountId)],
);

/** Every email the app sends, kept as a durable job: SMTP when configured, else stored here. */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    /**
     * maybe_sent: an attempt never finished (the process died mid-send) and a second copy would
     * do harm, so it is not sent again; the SMTP server's log says whether it went out.
     */
    status: text("status", {
      enum: ["pending", "sent", "stored", "failed", "maybe_sent"],
    }).notNull(),
    /** Whether a second copy does no harm: then an attempt that never finished is sent again. */
    duplicateHarmless: integer("duplicate_harmless", { mode: "boolean" }).notNull().default(true),
    /** Set before each send and cleared when it ends: still set after a crash means maybe sent. */
    attemptStartedAt: integer("attempt_started_at", { mode: "timestamp_ms" }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [index("email_outbox_status_idx").on(table.status, table.nextAttemptAt)],
);

// ─── Damage estimates ───────────────────────────────────────────────────────────────────────────

const updatedAt = () => integer("updated_at", { mode: "timestamp_ms" }).notNull();

export const vehicles = sqliteTable(
  "vehicles",
  {
    id: text("id").primaryKey(),
    accountId: ownedByAccount(),
    nickname: text("nickname"),
    /** Upper-case, check digit valid (or null: older or imported cars without one). */
    vin: text("vin"),
    year: integer("year").notNull(),
    make: text("make").notNull(),
    model: text("model").notNull(),
    trim: text("trim"),
    bodyType: text("body_type").notNull(),
    priceClass: text("price_class").notNull(),
    paintType: text("paint_type").notNull(),
    plate: text("plate"),
    status: text("status", { enum: VEHICLE_STATUSES }).notNull().default("active"),
    // What the car is equipped with, as the host stated it; null means not stated, and the
    // estimate assumes a default from the VIN, year and price class (and says so).
    windshieldCamera: integer("windshield_camera", { mode: "boolean" }),
    frontRadar: integer("front_radar", { mode: "boolean" }),
    frontParkingSensors: integer("front_parking_sensors", { mode: "boolean" }),
    rearParkingSensors: integer("rear_parking_sensors", { mode: "boolean" }),
    blindSpotMonitors: integer("blind_spot_monitors", { mode: "boolean" }),
    rearCamera: integer("rear_camera", { mode: "boolean" }),
    surroundCameras: integer("surround_cameras", { mode: "boolean" }),
    /** HeadlampType, or null: not stated. */
    headlampType: text("headlamp_type"),
    /** JSON array of sheet-metal PanelIds made of aluminum, or null: not stated. */
    aluminumPanels: text("aluminum_panels"),
    /** InteriorMaterial of the seats ("cloth" or "leather"), or null: not stated. */
    interiorMaterial: text("interior_material"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The dashboard pages the fleet oldest car first.
    index("vehicles_account_idx").on(table.accountId, table.createdAt, table.id),
    uniqueIndex("vehicles_account_vin_idx")
      .on(table.accountId, table.vin)
      .where(sql`vin IS NOT NULL`),
  ],
);

export const REPORT_STATUSES = [
  "queued",
  "analyzing",
  "needs_review",
  "complete",
  "failed",
] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * A damage report, which is also the durable analysis job: the worker picks `queued` rows whose
 * `next_attempt_at` has passed; `analyzing` rows left by a crash are queued again at boot.
 */
export const reports = sqliteTable(
  "reports",
  {
    /** 128-bit random, URL-safe: report ids appear in URLs. */
    id: text("id").primaryKey(),
    accountId: ownedByAccount(),
    vehicleId: text("vehicle_id")
      .notNull()
      .references(() => vehicles.id, { onDelete: "cascade" }),
    createdByUserId: text("created_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    status: text("status", { enum: REPORT_STATUSES }).notNull(),
    /** "ai" when a vision provider analyses the photos, "manual" when the host tags by hand. */
    mode: text("mode", { enum: ["ai", "manual"] }).notNull(),
    failureReason: text("failure_reason"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    /** US state whose default rates price the estimate. */
    rateState: text("rate_state"),
    /** JSON of the engine's Estimate, frozen when the host finalizes the report. */
    estimateJson: text("estimate_json"),
    totalCents: integer("total_cents"),
    lowCents: integer("low_cents"),
    highCents: integer("high_cents"),
    aiModel: text("ai_model"),
    /** Whether the EXIF GPS position is shown to people the report is shared with. */
    shareGps: integer("share_gps", { mode: "boolean" }).notNull().default(false),
    /**
     * The revision being worked on or, once complete, the latest final one (1, 2, …). Finalizing
     * freezes it in report_revisions; editing a complete report opens the next number.
     */
    revision: integer("revision").notNull().default(1),
    /**
     * JSON { state, overrides }: the rate inputs the open revision is priced with, carried over
     * from the revision before it. Null prices with the account's current rates.
     */
    pinnedRatesJson: text("pinned_rates_json"),
    /** The trip the damage is from: chosen at upload or matched from the photos' times. */
    tripId: text("trip_id").references((): AnySQLiteColumn => trips.id, {
      onDelete: "set null",
    }),
    /** How the trip was set: by the host, or matched from the photos' capture or upload times. */
    tripMatchedBy: text("trip_matched_by", { enum: TRIP_MATCH_BASES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    analyzedAt: integer("analyzed_at", { mode: "timestamp_ms" }),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    // Newest first, the id settling equal times: the API's list and a car's reports.
    index("reports_account_idx").on(table.accountId, table.createdAt, table.id),
    index("reports_account_vehicle_idx").on(
      table.accountId,
      table.vehicleId,
      table.createdAt,
      table.id,
    ),
    index("reports_vehicle_idx").on(table.vehicleId),
    index("reports_job_idx").on(table.status, table.nextAttemptAt),
    index("reports_trip_idx").on(table.tripId),
  ],
);

export { PHOTO_PHASES, type PhotoPhase };

/**
 * An uploaded photo. Photos are staged first (report_id null) so quality warnings can be shown
 * before analysis; creating a report claims them. Unclaimed photos are purged after a day.
 */
export const photos = sqliteTable(
  "photos",
  {
    id: text("id").primaryKey(),
    accountId: ownedByAccount(),
    uploadedByUserId: text("uploaded_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    reportId: text("report_id").references(() => reports.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    phase: text("phase", { enum: PHOTO_PHASES }).notNull().default("post_trip"),
    /** Server-generated keys in the file store: the stripped display JPEG and its thumbnail. */
    storageKey: text("storage_key").notNull(),
    thumbKey: text("thumb_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    storedBytes: integer("stored_bytes").notNull(),
    /** Evidence: the hash and size of the original file as the camera made it. */
    originalSha256: text("original_sha256").notNull(),
    originalBytes: integer("original_bytes").notNull(),
    /** Where the hash was computed: "server" (original received) or "browser" (resized upload). */
    hashedBy: text("hashed_by", { enum: ["server", "browser"] }).notNull(),
    originalName: text("original_name"),
    /** EXIF capture time as written by the camera ("2026-11-20T14:03:11-08:00" or no offset). */
    capturedAt: text("captured_at"),
    gpsLat: real("gps_lat"),
    gpsLng: real("gps_lng"),
    dhash: text("dhash").notNull(),
    /** JSON: QualityWarning[] found at upload. */
    warnings: text("warnings").notNull().default("[]"),
    createdAt: createdAt(),
  },
  (table) => [
    index("photos_report_idx").on(table.reportId, table.position),
    index("photos_account_idx").on(table.accountId, table.createdAt),
  ],
);

export const FINDING_SOURCES = ["ai", "host"] as const;

/** One piece of damage on a report, as the AI found it or the host tagged or edited it. */
export const findings = sqliteTable(
  "findings",
  {
    id: text("id").primaryKey(),
    reportId: ofReport(),
    accountId: ownedByAccount(),
    vehicleId: text("vehicle_id")
      .notNull()
      .references(() => vehicles.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    panel: text("panel").notNull(),
    damageType: text("damage_type").notNull(),
    severity: text("severity").notNull(),
    sizeCm: real("size_cm"),
    confidence: real("confidence").notNull(),
    photoId: text("photo_id").references(() => photos.id, { onDelete: "set null" }),
    /** JSON BoundingBox, 0..1 of the photo. */
    box: text("box"),
    note: text("note"),
    source: text("source", { enum: FINDING_SOURCES }).notNull(),
    /** Damage that was already on the car before this trip (seen on a pre-trip photo). */
    preExisting: integer("pre_existing", { mode: "boolean" }).notNull().default(false),
    /**
     * The same damage as a finding of an earlier report of this car, still unrepaired: shown,
     * never charged again.
     */
    sameAsFindingId: text("same_as_finding_id"),
    /** Hail only: JSON HailDetail (dent count band, dent size, oversize dents). */
    hail: text("hail"),
    /** Damaged camera or sensor only: which one (AdasSensor). */
    sensor: text("sensor"),
    /** Dent only: the paint over it is cracked. */
    paintCracked: integer("paint_cracked", { mode: "boolean" }).notNull().default(false),
    repairedAt: integer("repaired_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("findings_report_idx").on(table.reportId, table.position),
    index("findings_vehicle_idx").on(table.vehicleId),
  ],
);

/**
 * A finalized revision of a report, frozen: what its share links and PDFs show for good, even
 * after the host edits the report into the next revision.
 */
export const reportRevisions = sqliteTable(
  "report_revisions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reportId: ofReport(),
    accountId: ownedByAccount(),
    number: integer("number").notNull(),
    /** JSON of the engine's Estimate as finalized. */
    estimateJson: text("estimate_json").notNull(),
    /** JSON array of the report's findings rows as finalized (charged and pre-existing). */
    findingsJson: text("findings_json").notNull(),
    /** JSON { state, overrides }: the rate inputs this revision was priced with. */
    ratesJson: text("rates_json").notNull(),
    totalCents: integer("total_cents").notNull(),
    lowCents: integer("low_cents").notNull(),
    highCents: integer("high_cents").notNull(),
    finalizedByUserId: text("finalized_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    finalizedAt: integer("finalized_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [uniqueIndex("report_revisions_number_idx").on(table.reportId, table.number)],
);

/** Read-only links to one report for an adjuster or guest; revocable and expiring. */
export const shareLinks = sqliteTable(
  "share_links",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tokenHash: text("token_hash").notNull().unique(),
    reportId: ofReport(),
    accountId: ownedByAccount(),
    createdByUserId: text("created_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    /** The report revision the link shows; later final revisions are offered from it. */
    revision: integer("revision").notNull().default(1),
    lastViewedAt: integer("last_viewed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("share_links_report_idx").on(table.reportId),
    // The account's links page, newest first.
    index("share_links_account_created_idx").on(table.accountId, table.createdAt),
  ],
);

/** The account's own shop rates and home state (overrides of the dated regional defaults). */
export const rateSettings = sqliteTable("rate_settings", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  state: text("state"),
  /** JSON RateOverrides (e.g. { "bodyLaborCentsPerHour": 7200 }). */
  overrides: text("overrides").notNull().default("{}"),
  updatedAt: updatedAt(),
});

/**
 * A reservation of one of the account's cars: imported from the marketplace's Trip Earnings CSV,
 * posted to the API or typed by hand. The reservation id is unique per account, so importing the
 * same export again updates trips instead of duplicating them.
 */
export const trips = sqliteTable(
  "trips",
  {
    id: text("id").primaryKey(),
    accountId: ownedByAccount(),
    /** Null until the host matches the file's car to one of theirs. */
    vehicleId: text("vehicle_id").references(() => vehicles.id, { onDelete: "set null" }),
    /** The car as the export names it, kept for matching and display: its "Vehicle" cell
     * (the listing's nickname and plate, "Silver Benz (VA #UXR4412)"). */
    vehicleName: text("vehicle_name"),
    vehicleVin: text("vehicle_vin"),
    /** The export's "Vehicle name" cell: make, model and year ("Mercedes-Benz C-Class 2019"). */
    vehicleTitle: text("vehicle_title"),
    /** The export's "Vehicle id": the marketplace's id of the listing. */
    vehicleListingId: text("vehicle_listing_id"),
    reservationId: text("reservation_id").notNull(),
    guestName: text("guest_name"),
    startAt: integer("start_at", { mode: "timestamp_ms" }).notNull(),
    endAt: integer("end_at", { mode: "timestamp_ms" }).notNull(),
    /** IANA zone the trip happened in: its deadlines are shown in local time there. */
    timeZone: text("time_zone").notNull(),
    pickupLocation: text("pickup_location"),
    returnLocation: text("return_location"),
    odometerStart: integer("odometer_start"),
    odometerEnd: integer("odometer_end"),
    distanceMiles: integer("distance_miles"),
    earningsCents: integer("earnings_cents"),
    status: text("status", { enum: TRIP_STATUSES }).notNull(),
    /** The guest's protection plan on this trip (GuestPlanId), or null when not known. */
    guestPlan: text("guest_plan"),
    source: text("source", { enum: ["import", "manual", "api", "email"] }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("trips_account_reservation_idx").on(table.accountId, table.reservationId),
    index("trips_vehicle_idx").on(table.vehicleId, table.startAt),
    // The trips list pages by (end, id) from now: the id settles equal ends without a sort.
    index("trips_account_end_idx").on(table.accountId, table.endAt, table.id),
    index("trips_account_vehicle_end_idx").on(
      table.accountId,
      table.vehicleId,
      table.endAt,
      table.id,
    ),
    index("trips_account_status_end_idx").on(table.accountId, table.status, table.endAt, table.id),
    // The background passes, across accounts: booked trips starting soon, trips around now.
    index("trips_status_start_idx").on(table.status, table.startAt),
    index("trips_end_idx").on(table.endAt),
  ],
);

/**
 * Matches the host made between how the export names a car and one of their vehicles
 * ("plate:UXR4412", "name:silver benz", "listing:812345"): every later import applies them.
 */
export const vehicleMatches = sqliteTable(
  "vehicle_matches",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountId: ownedByAccount(),
    key: text("key").notNull(),
    vehicleId: text("vehicle_id")
      .notNull()
      .references(() => vehicles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("vehicle_matches_account_key_idx").on(table.accountId, table.key)],
);

/** Money the host asks for after a trip: damage (from a finalized revision) or a reimbursement. */
export const claims = sqliteTable(
  "claims",
  {
    id: text("id").primaryKey(),
    accountId: ownedByAccount(),
    tripId: text("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CLAIM_KINDS }).notNull(),
    status: text("status", { enum: CLAIM_STATUSES }).notNull().default("draft"),
    /** Damage claims: the report and the final revision claimed. */
    reportId: text("report_id").references(() => reports.id, { onDelete: "set null" }),
    reportRevision: integer("report_revision"),
    /** Null on a draft started before the amount is known; filing needs it. */
    claimedCents: integer("claimed_cents"),
    approvedCents: integer("approved_cents"),
    paidCents: integer("paid_cents"),
    note: text("note"),
    createdByUserId: text("created_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("claims_account_status_idx").on(table.accountId, table.status),
    // Finished claims page by their last change; the API lists every claim newest first.
    index("claims_account_updated_idx").on(table.accountId, table.updatedAt, table.id),
    index("claims_account_created_idx").on(table.accountId, table.createdAt, table.id),
    index("claims_trip_idx").on(table.tripId),
    // The reminder and queue passes read the open claims of every account at once.
    index("claims_status_account_idx").on(table.status, table.accountId),
  ],
);

/**
 * Read-only links to a claim's evidence packet (for an adjuster or the guest's insurer). Like
 * report share links: only the token's SHA-256 is stored; links expire and can be revoked.
 */
export const packetLinks = sqliteTable(
  "packet_links",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tokenHash: text("token_hash").notNull().unique(),
    claimId: text("claim_id")
      .notNull()
      .references(() => claims.id, { onDelete: "cascade" }),
    accountId: ownedByAccount(),
    createdByUserId: text("created_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    lastViewedAt: integer("last_viewed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [index("packet_links_claim_idx").on(table.claimId)],
);

/** Every change of a claim, with who made it (owner, team member or VA) and when. */
export const claimEvents = sqliteTable(
  "claim_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    claimId: text("claim_id")
      .notNull()
      .references(() => claims.id, { onDelete: "cascade" }),
    accountId: ownedByAccount(),
    status: text("status", { enum: CLAIM_STATUSES }).notNull(),
    fromStatus: text("from_status", { enum: CLAIM_STATUSES }),
    claimedCents: integer("claimed_cents"),
    approvedCents: integer("approved_cents"),
    paidCents: integer("paid_cents"),
    note: text("note"),
    byUserId: text("by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The role they had in the account then: primary (owner), team_member or va. */
    byRole: text("by_role").notNull(),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("claim_events_claim_idx").on(table.claimId, table.id)],
);

/**
 * Reminders sent, one row per claim deadline and lead time (and digests, one per account and
 * local day): the unique key is what makes a reminder go out once, across restarts and
 * processes. The row and its outbox email are written in the same transaction.
 */
export const sentReminders = sqliteTable(
  "sent_reminders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountId: ownedByAccount(),
    /** "claim:<id>:<deadline>:<lead hours>" or "digest:<YYYY-MM-DD>". */
    key: text("key").notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [uniqueIndex("sent_reminders_key_idx").on(table.accountId, table.key)],
);

/**
 * The host protection plan a vehicle was on, from a date on: a claim uses the plan in force on
 * its trip's start date (plans change, and deductibles with them).
 */
export const vehicleHostPlans = sqliteTable(
  "vehicle_host_plans",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountId: ownedByAccount(),
    vehicleId: text("vehicle_id")
      .notNull()
      .references(() => vehicles.id, { onDelete: "cascade" }),
    /** HostPlanId: 60, 75, 80, 85 or 90. */
    planId: integer("plan_id").notNull(),
    /** "YYYY-MM-DD": the first day of the plan, in the account's time zone. */
    effectiveFrom: text("effective_from").notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("vehicle_host_plans_idx").on(table.vehicleId, table.effectiveFrom)],
);

/**
 * A shop's quote for repairing the damage of an estimate: asked by email (the shop answers
 * through a link, without an account) or entered by the host.
 */
export const repairQuotes = sqliteTable(
  "repair_quotes",
  {
    id: text("id").primaryKey(),
    accountId: ownedByAccount(),
    reportId: ofReport(),
    /** The final revision the shop was shown. */
    reportRevision: integer("report_revision").notNull(),
    shopName: text("shop_name").notNull(),
    shopEmail: text("shop_email"),
    /** SHA-256 of the shop's link token; null for quotes the host entered. */
    tokenHash: text("token_hash").unique(),
    status: text("status", { enum: ["requested", "received"] }).notNull(),
    amountCents: integer("amount_cents"),
    /** Working days the shop needs. */
    days: integer("days"),
    /** The shop's own lines or remarks, as written. */
    details: text("details"),
    source: text("source", { enum: ["shop", "host"] }).notNull(),
    createdByUserId: text("created_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    requestedAt: integer("requested_at", { mode: "timestamp_ms" }).notNull(),
    receivedAt: integer("received_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    index("repair_quotes_report_idx").on(table.accountId, table.reportId),
    // The quotes list pages the latest asked first.
    index("repair_quotes_account_idx").on(table.accountId, table.requestedAt, table.id),
  ],
);

/**
 * The repair done: the final invoice against the estimate it was priced from. It marks the
 * findings repaired, and estimate-versus-invoice is the product's calibration data.
 */
export const repairConfirmations = sqliteTable(
  "repair_confirmations",
  {
    id: text("id").primaryKey(),
    accountId: ownedByAccount(),
    reportId: ofReport(),
    reportRevision: integer("report_revision").notNull(),
    /** The revision's total, low and high as estimated (frozen with the confirmation). */
    estimateCents: integer("estimate_cents").notNull(),
    estimateLowCents: integer("estimate_low_cents").notNull(),
    estimateHighCents: integer("estimate_high_cents").notNull(),
    invoiceCents: integer("invoice_cents").notNull(),
    /** "YYYY-MM-DD", the day the repair was finished. */
    repairedOn: text("repaired_on").notNull(),
    shopName: text("shop_name"),
    createdByUserId: text("created_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (table) => [
    index("repair_confirmations_account_idx").on(table.accountId, table.createdAt, table.id),
    // A claim packet lists the repairs of its estimate; deleting a report finds its repairs.
    index("repair_confirmations_report_idx").on(table.reportId),
  ],
);

/**
 * Each account's secret for its inbound email: the path segment of its webhook URL. Kept readable
 * (like a webhook secret) so the settings page can show the URL again; replacing it ends the old one.
 */
export const inboundTokens = sqliteTable("inbound_tokens", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  createdAt: createdAt(),
});

/** A guest's conversation: one per reservation, or per guest when the email names no trip. */
export const conversations = sqliteTable(
  "conversations",
  {
    id: text("id").primaryKey(),
    accountId: ownedByAccount(),
    /** "reservation:<id>" or "guest:<name, lowercased>": what makes two emails one conversation. */
    threadKey: text("thread_key").notNull(),
    reservationId: text("reservation_id"),
    guestName: text("guest_name"),
    tripId: text("trip_id").references(() => trips.id, { onDelete: "set null" }),
    lastMessageAt: integer("last_message_at", { mode: "timestamp_ms" }).notNull(),
    /**
     * The inbox's filters and counts, kept with each write of the conversation's messages
     * (`refreshInboxState`): since when "Needs you" is open, and since when a guest's message
     * waits for a reply (null: nothing open).
     */
    needsYouSince: integer("needs_you_since", { mode: "timestamp_ms" }),
    awaitingReplySince: integer("awaiting_reply_since", { mode: "timestamp_ms" }),
    /**
     * The inbox's order as one key: "Needs you" first, then awaiting a reply, then the rest, each
     * latest message first (ADR 0033). Computed by SQLite, so every write of the columns keeps it.
     */
    inboxRank: integer("inbox_rank").generatedAlwaysAs(
      sql`(case when needs_you_since is not null then 2 when awaiting_reply_since is not null then 1 else 0 end) * 10000000000000 + last_message_at`,
      { mode: "virtual" },
    ),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("conversations_account_thread_idx").on(table.accountId, table.threadKey),
    index("conversations_account_last_idx").on(table.accountId, table.lastMessageAt),
    // The background passes: conversations with a recent message, across accounts.
    index("conversations_last_message_idx").on(table.lastMessageAt, table.accountId),
    // The inbox's pages (keyset on rank, id) and its "by car" filter.
    index("conversations_account_rank_idx").on(table.accountId, table.inboxRank, table.id),
    index("conversations_account_trip_idx").on(table.accountId, table.tripId),
  ],
);

/** A forwarded notification email as received: what was read from it, and the original. */
export const inboundEmails = sqliteTable(
  "inbound_emails",
  {
    id: text("id").primaryKey(),
    accountId: ownedByAccount(),
    /** The Message-ID, or the SHA-256 of the original: a second delivery is ignored. */
    dedupeKey: text("dedupe_key").notNull(),
    /** A marketplace notice's kind, or Gmail's forwarding confirmation (not a notice). */
    kind: text("kind", { enum: [...NOTIFICATION_KINDS, FORWARDING_CONFIRMATION] }).notNull(),
    subject: text("subject"),
    fromAddress: text("from_address"),
    guestName: text("guest_name"),
    reservationId: text("reservation_id"),
    conversationId: text("conversation_id").references(() => conversations.id, {
      onDelete: "set null",
    }),
    /**
     * The original MIME message, byte for byte as received (any charset, binary parts): a file in
     * the file store (`rawKey`, with its SHA-256 and size), or, for emails received before the
     * originals moved there, this column.
     */
    raw: blob("raw", { mode: "buffer" }),
    rawKey: text("raw_key"),
    rawSha256: text("raw_sha256"),
    rawBytes: integer("raw_bytes").notNull().default(0),
    /** Gmail's forwarding confirmation: its code (older emails carry one) and confirm link. */
    confirmationCode: text("confirmation_code"),
    confirmationUrl: text("confirmation_url"),
    /** When the host hid the confirmation (done with it). */
    dismissedAt: integer("dismissed_at", { mode: "timestamp_ms" }),
    receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    uniqueIndex("inbound_emails_dedupe_idx").on(table.accountId, table.dedupeKey),
    // The sweep of files no row refers to looks originals up by key.
    uniqueIndex("inbound_emails_raw_key_idx").on(table.rawKey),
    index("inbound_emails_account_idx").on(table.accountId, table.receivedAt),
    // "Emails we couldn't read" and the confirmations, paged newest first.
    index("inbound_emails_account_kind_idx").on(
      table.accountId,
      table.kind,
      table.receivedAt,
      table.id,
    ),
  ],
);

/** One message in a conversation: the guest's (from an email or pasted) or the host's. */
export const conversationMessages = sqliteTable(
  "conversation_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    accountId: ownedByAccount(),
    author: text("author", { enum: ["guest", "host"] }).notNull(),
    text: text("text").notNull(),
    source: text("source", { enum: ["email", "pasted", "marked-sent"] }).notNull(),
    inboundEmailId: text("inbound_email_id").references(() => inboundEmails.id, {
      onDelete: "set null",
    }),
    /** A host's reply made from a draft: the draft as offered (what the person changed shows). */
    draftText: text("draft_text"),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    /**
     * A guest message's questions dealt with: answered, or marked resolved. What only a person can
     * answer ("Needs you") stays open until then, even after the holding reply went out.
     */
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    resolvedByUserId: text("resolved_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
  },
  (table) => [index("conversation_messages_idx").on(table.conversationId, table.at)],
);

/** The host's answer to one kind of guest question, with when it was last confirmed. */
export const knowledgeEntries = sqliteTable(
  "knowledge_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountId: ownedByAccount(),
    /** Null: the whole account's answer; else this car's answer, which wins over the account's. */
    vehicleId: text("vehicle_id").references(() => vehicles.id, { onDelete: "cascade" }),
    topic: text("topic", { enum: KNOWLEDGE_TOPICS }).notNull(),
    text: text("text").notNull(),
    /** 1, 2, …: each change of the text; earlier texts are in knowledge_versions. */
    version: integer("version").notNull().default(1),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: updatedAt(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("knowledge_scope_topic_idx").on(
      table.accountId,
      sql`coalesce(${table.vehicleId}, '')`,
      table.topic,
    ),
  ],
);

/** Earlier texts of a knowledge entry, kept when it changes. */
export const knowledgeVersions = sqliteTable("knowledge_versions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  entryId: integer("entry_id")
    .notNull()
    .references(() => knowledgeEntries.id, { onDelete: "cascade" }),
  version: integer("version").notNull(),
  text: text("text").notNull(),
  savedAt: integer("saved_at", { mode: "timestamp_ms" }).notNull(),
});

// ─── Drafts, the concierge queue and the activity log ──────────────────────────────────────────

/** A reply drafted for a guest (see `app/domain/inbox/draft.ts`); a person sends it. */
export const drafts = sqliteTable(
  "drafts",
  {
    id: text("id").primaryKey(),
    accountId: ownedByAccount(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: DRAFT_PURPOSES }).notNull(),
    kind: text("kind", { enum: DRAFT_KINDS }).notNull(),
    status: text("status", { enum: DRAFT_STATUSES }).notNull(),
    text: text("text").notNull(),
    /** JSON array of the knowledge topics the draft is made of. */
    usedKnowledge: text("used_knowledge").notNull().default("[]"),
    /** JSON array of the used topics not confirmed lately. */
    staleKnowledge: text("stale_knowledge").notNull().default("[]"),
    /** JSON array of what the draft guard found (why a draft is blocked). */
    problems: text("problems").notNull().default("[]"),
    /** JSON array of the restricted topics and action items the draft holds for a person. */
    held: text("held").notNull().default("[]"),
    /** JSON array of the facts a booking message lacks (left out of the text, never a bracket). */
    missing: text("missing").notNull().default("[]"),
    /** The last guest message the draft answers; a newer message makes it out of date. */
    answersMessageId: integer("answers_message_id"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    sentByUserId: text("sent_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [index("drafts_conversation_idx").on(table.conversationId, table.createdAt)],
);

/**
 * One thing a person has to do for an account, with its deadline (`app/domain/concierge`). The
 * unique key makes an automation write an item once, across restarts and processes; `notifiedAt`
 * is set in the same transaction as the email to whoever is on duty, so it goes out once.
 */
export const queueItems = sqliteTable(
  "queue_items",
  {
    id: text("id").primaryKey(),
    accountId: ownedByAccount(),
    kind: text("kind", { enum: QUEUE_ITEM_KINDS }).notNull(),
    /** What the item is about and when, e.g. "trip-start:<trip id>:<start ms>". */
    key: text("key").notNull(),
    title: text("title").notNull(),
    detail: text("detail"),
    conversationId: text("conversation_id").references(() => conversations.id, {
      onDelete: "cascade",
    }),
    tripId: text("trip_id").references(() => trips.id, { onDelete: "cascade" }),
    claimId: text("claim_id").references(() => claims.id, { onDelete: "cascade" }),
    draftId: text("draft_id").references(() => drafts.id, { onDelete: "cascade" }),
    /** Money at stake (a reimbursement), when known. */
    amountCents: integer("amount_cents"),
    /** The item shows in the queue (and its email goes out) from this moment. */
    readyAt: integer("ready_at", { mode: "timestamp_ms" }).notNull(),
    deadlineAt: integer("deadline_at", { mode: "timestamp_ms" }).notNull(),
    notifiedAt: integer("notified_at", { mode: "timestamp_ms" }),
    /** Set when a VA passes it to the owner (it needs their decision). */
    forOwner: integer("for_owner", { mode: "boolean" }).notNull().default(false),
    takenByUserId: text("taken_by_user_id").references(() => users.id, { onDelete: "set null" }),
    takenAt: integer("taken_at", { mode: "timestamp_ms" }),
    doneByUserId: text("done_by_user_id").references(() => users.id, { onDelete: "set null" }),
    doneAt: integer("done_at", { mode: "timestamp_ms" }),
    /** Times it was marked done and opened again. */
    reopenCount: integer("reopen_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("queue_items_key_idx").on(table.accountId, table.key),
    index("queue_items_open_idx").on(table.doneAt, table.readyAt),
    // The concierge queue's pages and counts: an account's open items by deadline.
    index("queue_items_account_due_idx").on(
      table.accountId,
      table.doneAt,
      table.deadlineAt,
      table.id,
    ),
  ],
);

/**
 * Whether an account's queue needs syncing: `sourceVersion` goes up (by triggers, so no writer
 * can forget) whenever a trip, claim, car, conversation or guest message of the account changes
 * or an item is reopened; a sync records the version it read and the first instant the rules
 * could give something else with the same data (a trip starting or ending, a claim deadline
 * ageing out). Until either moves, the stored items are what a sync would write
 * (docs/decisions/0038-incremental-queue-sync.md).
 */
export const queueSyncState = sqliteTable("queue_sync_state", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  sourceVersion: integer("source_version").notNull().default(0),
  syncedVersion: integer("synced_version"),
  /** The `now` of the last sync: a sync for an earlier instant reads everything again. */
  syncedAt: integer("synced_at", { mode: "timestamp_ms" }),
  /** From this instant the rules may give other items; null when nothing is timed. */
  nextEdgeAt: integer("next_edge_at", { mode: "timestamp_ms" }),
});

/** What a VA may do in an account without asking its owner. */
export const vaPermissions = sqliteTable(
  "va_permissions",
  {
    accountId: ownedByAccount(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Reimbursements up to this amount may be approved; 0 means always ask. */
    reimbursementLimitCents: integer("reimbursement_limit_cents").notNull().default(0),
    /** Mark replies sent (false: the VA drafts, the owner sends). */
    sendReplies: integer("send_replies", { mode: "boolean" }).notNull().default(true),
    /** Agree to trip changes, extensions, discounts or refunds (never, by default). */
    tripChanges: integer("trip_changes", { mode: "boolean" }).notNull().default(false),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("va_permissions_idx").on(table.accountId, table.userId)],
);

/** A VA's shift: when it ran and the note handed to the next person. */
export const shifts = sqliteTable(
  "shifts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    endedAt: integer("ended_at", { mode: "timestamp_ms" }),
    handoverNote: text("handover_note"),
  },
  (table) => [index("shifts_user_idx").on(table.userId, table.startedAt)],
);

/** Everything a person did for an account in the inbox and the queue: who, when, what. */
export const activityLog = sqliteTable(
  "activity_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountId: ownedByAccount(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Their role in the account then: primary (owner), team_member or va. */
    role: text("role").notNull(),
    /** e.g. "reply.sent", "queue.done", "queue.for-owner", "knowledge.saved". */
    action: text("action").notNull(),
    queueItemId: text("queue_item_id"),
    conversationId: text("conversation_id"),
    detail: text("detail"),
    amountCents: integer("amount_cents"),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    index("activity_log_account_idx").on(table.accountId, table.at),
    index("activity_log_user_idx").on(table.userId, table.at),
  ],
);

// ─── Billing ────────────────────────────────────────────────────────────────────────────────────

/**
 * Each account's Stripe customer and the local mirror of its subscription. Stripe is the source of
 * truth: the subscription fields change only from verified webhook events (app/lib/billing/).
 */
export const subscriptions = sqliteTable("subscriptions", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  stripeCustomerId: text("stripe_customer_id").notNull().unique(),
  /** Null until a checkout has created one. */
  stripeSubscriptionId: text("stripe_subscription_id").unique(),
  /** When Stripe created that subscription: of two equally live ones, the newer is current. */
  subscriptionCreatedAt: integer("subscription_created_at", { mode: "timestamp_ms" }),
  /** PaidPlanId (fleet, concierge), by the subscription's price. */
  planId: text("plan_id"),
  /** Stripe's status: trialing, active, past_due, canceled, unpaid, incomplete, … */
  status: text("status"),
  /** The vehicle quantity billed. */
  quantity: integer("quantity"),
  currentPeriodEnd: integer("current_period_end", { mode: "timestamp_ms" }),
  trialEnd: integer("trial_end", { mode: "timestamp_ms" }),
  cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
  /** When the subscription first went past due (the grace period runs from here); null otherwise. */
  pastDueSince: integer("past_due_since", { mode: "timestamp_ms" }),
  /** The checkout that created the subscription (the success page waits for it). */
  checkoutSessionId: text("checkout_session_id"),
  /** `created` of the newest event applied: an older one never overwrites a newer state. */
  lastEventAt: integer("last_event_at", { mode: "timestamp_ms" }),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  createdAt: createdAt(),
});

/** Every Stripe event applied, recorded in the transaction of its effects: a redelivery is a no-op. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  /** The event's `created`. */
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  processedAt: integer("processed_at", { mode: "timestamp_ms" }).notNull(),
});
