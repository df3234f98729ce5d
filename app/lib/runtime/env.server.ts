import { isIP } from "node:net";
import { z } from "zod";

/** Address ranges Express's `trust proxy` knows by name. */
const PROXY_RANGE_NAMES = ["loopback", "linklocal", "uniquelocal"];

/**
 * What the deprecated `TRUST_PROXY=true` means: proxies on loopback and private addresses (the
 * same host, a Docker network, a private network), never a client reaching us from the internet.
 */
export const TRUST_PROXY_TRUE: readonly string[] = PROXY_RANGE_NAMES;

/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`, `10.0.0.0/255.0.0.0`) or a range name. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry) || isIP(entry)) return true;
  const [address = "", mask, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || mask === undefined || rest.length) return false;
  if (/^\d{1,3}$/.test(mask)) return Number(mask) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(mask) === 4;
}

/**
 * Who may set the client address through X-Forwarded-For, as Express's `trust proxy` takes it:
 * `false` (nobody), a hop count, or the proxies' addresses, CIDR ranges and range names.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const value = (raw ?? "").trim().toLowerCase();
    if (value === "" || value === "false" || value === "0") return false;
    if (value === "true") return [...TRUST_PROXY_TRUE];
    if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: "custom",
      message:
        "must be false, a hop count from 1 to 10, or a comma-separated list of proxy addresses, CIDR ranges, loopback, linklocal or uniquelocal",
    });
    return z.NEVER;
  });

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.url().optional());

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

/**
 * Every setting the server reads, validated once at boot. Every value has a safe default so
 * `npm start` works with no configuration at all.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  /** Unset: the address the server listens on (see `defaultPublicUrl`). */
  PUBLIC_URL: z.preprocess((value) => value || undefined, z.url().optional()),
  TRUST_PROXY: trustProxy,
  SCHEDULING_URL: z.url().default("https://calendly.com/fleetassist/demo"),
  /** smtp://user:pass@host:port or smtps://…; unset keeps emails in the local outbox table. */
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional()),
  MAIL_FROM: z.string().min(3).default("FleetAssist <no-reply@fleetassist.local>"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  POSTHOG_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  POSTHOG_HOST: z.url().default("https://us.i.posthog.com"),
  SENTRY_DSN: optionalUrl,
  PROMO_VIDEO_YOUTUBE_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{11}$/, "must be an 11-character YouTube video id")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /**
   * OpenAI-compatible chat-completions endpoint for photo analysis (OpenAI, Azure, Ollama, vLLM):
   * e.g. https://api.openai.com/v1. Unset means hosts tag damage by hand on the diagram.
   */
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  AI_MODEL: z.string().trim().min(1).default("gpt-4o-mini"),
  /** Per-request timeout of the vision call. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(90_000),
  /** Vision calls in flight at once, across all reports. */
  AI_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** Upload caps: per photo, and per request (a no-JS post carries every original at once). */
  MAX_PHOTO_MB: z.coerce.number().min(1).max(100).default(25),
  MAX_UPLOAD_MB: z.coerce.number().min(1).max(1000).default(150),
  /** Set: the built-in SMTP listener for forwarded emails runs on this port (off when unset). */
  INBOUND_SMTP_PORT: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number().int().min(1).max(65535).optional(),
  ),
  /** The domain of the inbound addresses shown to hosts (its MX points at this server). */
  INBOUND_EMAIL_DOMAIN: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined),
  /** Each account's inbound email allowance over 24 hours (webhook and SMTP): emails, MB. */
  INBOUND_DAILY_EMAILS: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  INBOUND_DAILY_MB: z.coerce.number().int().min(1).max(100_000).default(100),
  /** POSTs one client address may make a minute, across all forms and APIs (benchmarks raise it). */
  POSTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /** How often claim deadlines are checked for reminders due (tests shorten it). */
  REMINDER_INTERVAL_MS: z.coerce.number().int().min(200).max(3_600_000).default(60_000),
  /** How often the concierge queue is synced and its ready items emailed (tests shorten it). */
  QUEUE_INTERVAL_MS: z.coerce.number().int().min(200).max(3_600_000).default(60_000),
  /** Stripe secret key (sk_…). Unset: billing is off and every feature is unlocked (self-hosted). */
  STRIPE_SECRET_KEY: optionalText,
  /** The signing secret (whsec_…) of the webhook endpoint POST /api/stripe/webhook. */
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Stripe price ids (price_…) of the paid plans, per active vehicle a month. */
  STRIPE_PRICE_FLEET: optionalText,
  STRIPE_PRICE_CONCIERGE: optionalText,
  /** A Stripe-compatible API server instead of api.stripe.com (the tests' local server). */
  STRIPE_API_URL: optionalUrl,
  SHOW_EXAMPLE_CONTENT: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((value) =>
      value === undefined || value === "" ? undefined : value === "true" || value === "1",
    ),
});

/**
 * Where links in emails and canonical tags point when PUBLIC_URL is unset: this machine on the
 * port the server really listens on. A wildcard listen address becomes `localhost`.
 */
export function defaultPublicUrl(host: string, port: number): string {
  const name = ["", "0.0.0.0", "::", "[::]"].includes(host)
    ? "localhost"
    : host.includes(":") && !host.startsWith("[")
      ? `[${host}]`
      : host;
  return `http://${name}:${port}`;
}

const envWithPublicUrl = envSchema.transform((settings) => ({
  ...settings,
  PUBLIC_URL: settings.PUBLIC_URL ?? defaultPublicUrl(settings.HOST, settings.PORT),
}));

export type Env = z.infer<typeof envWithPublicUrl>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envWithPublicUrl.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `  - ${issue.path.join(".") || "(root)"}: ${issue.message}`)
      .join("\n");
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  return result.data;
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Whether example testimonials ship on the page: on in development, opt-in in production. */
export function showExampleContent(): boolean {
  const { SHOW_EXAMPLE_CONTENT, NODE_ENV } = env();
  return SHOW_EXAMPLE_CONTENT ?? NODE_ENV !== "production";
}
