import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // server/index.js reads the same variable, so a second build can sit beside the default one.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
