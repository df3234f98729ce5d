import path from "node:path";
import { pathToFileURL } from "node:url";
import { createApp } from "./app.js";
import { claimDataDirOrExit } from "./data-dir.js";

// Before the build is imported: importing it starts the background jobs, which open the database.
claimDataDirOrExit();

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const build = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);

let config;
try {
  config = build.entry.module.serverEnv();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const app = createApp({ build, config, clientDir: path.join(buildDir, "client") });
const server = app.listen(config.PORT, config.HOST, () => {
  console.log(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "info",
      msg: `FleetAssist listening on http://localhost:${config.PORT}`,
      dataDir: path.resolve(config.DATA_DIR),
    }),
  );
});

// Graceful shutdown: stop accepting, let in-flight requests finish, then exit; the database
// closes in the process's exit hook.
let stopping = false;
function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "info",
      msg: `${signal}: shutting down`,
    }),
  );
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(1);
  }, 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
