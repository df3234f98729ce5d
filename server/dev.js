// `npm run dev`: the production Express entry (headers, body caps, rate limits, logging) with
// Vite's dev server in front of it, so pages and styles reload as you edit. As in React Router's
// custom-server template, every request loads the current server build from Vite.
import express from "express";
import { createServer } from "vite";
import { createApp } from "./app.js";
import { claimDataDirOrExit } from "./data-dir.js";
import { serve } from "./serve.js";

process.env.NODE_ENV ??= "development";
// Before the app loads: only one server may work in DATA_DIR.
claimDataDirOrExit();

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const loadBuild = () => vite.ssrLoadModule("virtual:react-router/server-build");

let config;
let build;
try {
  build = await loadBuild();
  config = build.entry.module.serverEnv();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await vite.close();
  process.exit(1);
}

// The background jobs start once, here (not on each reload of the build).
build.entry.module.startBackgroundJobs();

const app = express();
app.disable("x-powered-by");
// Vite answers its own module, HMR and asset requests; everything else is the real app.
app.use(vite.middlewares);
app.use(createApp({ build: loadBuild, config, clientDir: null }));
serve(app, config, { onClose: () => vite.close() });
