// `npm start`: build when the build is missing or older than the sources, then serve.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// better-sqlite3 13 is built for Node 22's ABI: on an older Node it crashes instead of failing cleanly.
const nodeMajor = Number(process.versions.node.split(".")[0]);
if (nodeMajor < 22) {
  console.error(`FleetAssist needs Node 22 or newer; this is Node ${process.versions.node}.`);
  process.exit(1);
}

const SOURCES = ["app", "db", "public", "package.json", "vite.config.ts", "react-router.config.ts"];
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const BUILD_ENTRY = path.resolve(BUILD_DIR, "server/index.js");

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = fs.existsSync(BUILD_ENTRY) ? fs.statSync(BUILD_ENTRY).mtimeMs : 0;
if (builtAt < Math.max(...SOURCES.map(newestMtime))) {
  console.log("Building FleetAssist (about a minute the first time)…");
  // Warnings and errors only: the file-by-file listing would bury the first-run sign-in details.
  const result = spawnSync("npx", ["react-router", "build", "--logLevel", "warn"], {
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= "production";
await import("../server/index.js");
