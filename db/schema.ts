import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

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
  createdAt: createdAt(),
});

export const memberships = sqliteTable(
  "memberships",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
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
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
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
    status: text("status", { enum: ["pending", "sent", "stored", "failed"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [index("email_outbox_status_idx").on(table.status, table.nextAttemptAt)],
);
