import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // server/index.js reads the same variable, so a second build can sit beside the default one.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // React Router 8 (which needs Node 22) changes these behaviors. We stay on today's on purpose
  // and adopt each in its own change with its tests, rather than by surprise on upgrade.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
