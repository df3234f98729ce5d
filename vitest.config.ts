import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
  test: {
    include: ["app/**/*.test.ts", "db/**/*.test.ts", "server/**/*.test.ts"],
    environment: "node",
    pool: "forks",
  },
});
