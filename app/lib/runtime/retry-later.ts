const STATUS_TEXT = { 429: "Too Many Requests", 503: "Service Unavailable" } as const;

/**
 * A refusal the client should send again later: an HTTP response (429 or 503, Retry-After, a JSON
 * body with `error` and `message`), so a route that lets it propagate answers with it: React
 * Router returns a thrown Response from a resource route as is and renders the error boundary
 * with its status otherwise. The SMTP listener maps it to a 4xx "try again later" reply. A busy
 * database, a saturated password hasher or mail parser, and an account over its inbound quota
 * each answer with one.
 */
export class RetryLaterResponse extends Response {
  readonly retryAfterSeconds: number;

  constructor(message: string, status: 429 | 503, retryAfterSeconds: number) {
    super(JSON.stringify({ error: message, message }), {
      status,
      statusText: STATUS_TEXT[status],
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Retry-After": String(retryAfterSeconds),
        "Cache-Control": "no-store",
      },
    });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
