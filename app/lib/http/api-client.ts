// Typed client for the JSON API: credentials on every call, a non-OK response becomes an
// ApiError ("status: message" with a flag per status), and a circuit breaker for dashboard
// calls. Browser and Node compatible: only global fetch, no React.

export type On401 = "throw" | "returnNull";

export interface RequestOptions {
  /** "returnNull": a 401 yields null, a 403 needing email verification yields a marker object. */
  on401?: On401;
  signal?: AbortSignal;
}

export interface EmailVerificationRequired {
  requiresEmailVerification: true;
  message: string;
}

export type NullableResult<T> = T | null | EmailVerificationRequired;

export interface ApiClientConfig {
  /** Prefix for every path; "" (relative URLs) by default. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Clock in milliseconds, injectable so tests need not wait 60 s. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export const CIRCUIT_OPEN_MESSAGE =
  "Too many authentication failures. Please refresh the page and try again.";
export const CIRCUIT_FAILURE_THRESHOLD = 3;
export const CIRCUIT_RESET_MS = 60_000;

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly requiresUpgrade: boolean;
  readonly requiresAuth: boolean;
  readonly requiresEmailVerification: boolean;
  readonly forbidden: boolean;
  readonly notFound: boolean;
  /** Thrown by the circuit breaker without a request (status 0). */
  readonly circuitOpen: boolean;

  constructor(status: number, message: string, body: unknown = null, circuitOpen = false) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.circuitOpen = circuitOpen;
    this.requiresUpgrade = status === 402;
    this.requiresAuth = status === 401;
    this.requiresEmailVerification = status === 403 && needsEmailVerification(body);
    this.forbidden = status === 403 && !this.requiresEmailVerification;
    this.notFound = status === 404;
  }
}

function needsEmailVerification(body: unknown): boolean {
  return isRecord(body) && body.requiresEmailVerification === true;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Query key → path: a single entry is the path; ":id" in the path is replaced by the second
 * entry; otherwise a string or number second entry is appended as an extra segment.
 */
export function pathFromQueryKey(key: readonly unknown[]): string {
  const [path, param] = key;
  if (typeof path !== "string") throw new TypeError("Query key must start with a path string");
  // Later entries (filters, objects) only distinguish cache entries; they never reach the URL.
  if (typeof param !== "string" && typeof param !== "number") return path;
  const segment = encodeURIComponent(String(param));
  if (path.includes(":id")) return path.replace(":id", segment);
  return `${path.replace(/\/$/, "")}/${segment}`;
}

/** Server text: message field, else error field (stringified), else plain text, else fallback. */
function errorText(status: number, statusText: string, body: unknown, raw: string): string {
  if (isRecord(body)) {
    if (typeof body.message === "string" && body.message) return body.message;
    if (body.error !== undefined && body.error !== null) {
      return typeof body.error === "string" ? body.error : JSON.stringify(body.error);
    }
  } else if (raw.trim()) {
    return raw.trim();
  }
  return status === 401 ? "Authentication required" : statusText;
}

function parseBody(raw: string): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** The breaker guards only these paths (dashboard data); elsewhere auth failures are normal. */
function isGuarded(path: string): boolean {
  return path.includes("/api/dashboard/") || path.includes("/damage-overview");
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createApiClient(config: ApiClientConfig = {}) {
  const baseUrl = config.baseUrl ?? "";
  const doFetch = config.fetch ?? ((input, init) => fetch(input, init));
  const now = config.now ?? Date.now;
  const sleep = config.sleep ?? defaultSleep;

  // Circuit breaker state, shared by all guarded paths of this client.
  // Counted failures: 401 and 403 responses on guarded paths ("authentication failures").
  // 5xx, other 4xx and network errors do not count. Success on a guarded path resets.
  let failures = 0;
  let lastFailureAt = 0;

  function expireFailures() {
    if (failures > 0 && now() - lastFailureAt >= CIRCUIT_RESET_MS) failures = 0;
  }

  async function request<T>(
    method: string,
    path: string,
    body: unknown,
    options: RequestOptions,
  ): Promise<NullableResult<T>> {
    const guarded = isGuarded(path);
    if (guarded) {
      expireFailures();
      if (failures >= CIRCUIT_FAILURE_THRESHOLD) {
        throw new ApiError(0, CIRCUIT_OPEN_MESSAGE, null, true);
      }
    }

    const init: RequestInit = { method, credentials: "include", signal: options.signal };
    if (body instanceof FormData) {
      init.body = body; // fetch sets the multipart Content-Type with its boundary
    } else if (body !== undefined) {
      init.headers = { "Content-Type": "application/json" };
      init.body = JSON.stringify(body);
    }

    const res = await doFetch(baseUrl + path, init);
    const raw = await res.text();
    const parsed = parseBody(raw);

    if (res.ok) {
      if (guarded) failures = 0;
      return parsed as T;
    }

    if (guarded && (res.status === 401 || res.status === 403)) {
      expireFailures();
      failures += 1;
      lastFailureAt = now();
    }

    const text = errorText(res.status, res.statusText, parsed, raw);
    const returnNull = options.on401 === "returnNull";

    if (res.status === 401) {
      // A retryable 401 waits as told and clears the breaker, then still fails (or yields null).
      if (isRecord(parsed) && parsed.canRetry && typeof parsed.retryAfter === "number") {
        await sleep(parsed.retryAfter);
        failures = 0;
      }
      if (returnNull) return null;
    }
    if (res.status === 403 && returnNull && needsEmailVerification(parsed)) {
      return { requiresEmailVerification: true, message: text };
    }
    throw new ApiError(res.status, `${res.status}: ${text}`, parsed);
  }

  function apiRequest<T>(
    method: string,
    path: string,
    body?: unknown,
    options?: RequestOptions & { on401?: "throw" },
  ): Promise<T>;
  function apiRequest<T>(
    method: string,
    path: string,
    body: unknown,
    options: RequestOptions & { on401: "returnNull" },
  ): Promise<NullableResult<T>>;
  function apiRequest<T>(method: string, path: string, body?: unknown, options?: RequestOptions) {
    return request<T>(method.toUpperCase(), path, body, options ?? {});
  }

  /** Default read: GET to the path built from the query key. */
  function apiQuery<T>(
    queryKey: readonly unknown[],
    options?: RequestOptions & { on401?: "throw" },
  ): Promise<T>;
  function apiQuery<T>(
    queryKey: readonly unknown[],
    options: RequestOptions & { on401: "returnNull" },
  ): Promise<NullableResult<T>>;
  function apiQuery<T>(queryKey: readonly unknown[], options?: RequestOptions) {
    return request<T>("GET", pathFromQueryKey(queryKey), undefined, options ?? {});
  }

  return { apiRequest, apiQuery };
}

export type ApiClient = ReturnType<typeof createApiClient>;

// Default client: relative URLs, global fetch, real clock.
const defaultClient = createApiClient();
export const apiRequest: ApiClient["apiRequest"] = defaultClient.apiRequest;
export const apiQuery: ApiClient["apiQuery"] = defaultClient.apiQuery;
