import path from "node:path";
import { pathToFileURL } from "node:url";
import { createApp } from "./app.js";
import { claimDataDirOrExit } from "./data-dir.js";
import { serve } from "./serve.js";

// Before the build is imported: only one server may work in DATA_DIR.
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

// The background jobs (they open the database) start here, once the environment is valid.
build.entry.module.startBackgroundJobs();
serve(createApp({ build, config, clientDir: path.join(buildDir, "client") }), config);
