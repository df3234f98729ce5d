import { DATABASE_BUSY_RETRY_AFTER_SECONDS, databaseHealth } from "~/lib/runtime/db.server";

/** For load balancers and Docker: 200 when the database can be read, else a quick 503. */
export function loader() {
  const database = databaseHealth();
  const ok = database === "ok";
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (!ok) headers["Retry-After"] = String(DATABASE_BUSY_RETRY_AFTER_SECONDS);
  return Response.json(
    { status: ok ? "ok" : "degraded", database },
    { status: ok ? 200 : 503, headers },
  );
}
