import { importAliases } from "./import-aliases";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: importAliases,
  },
  test: {
    include: ["app/**/*.test.ts", "db/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    pool: "forks",
  },
});
