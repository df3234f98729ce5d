import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

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
