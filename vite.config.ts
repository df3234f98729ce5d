import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
  build: {
    // Hashed assets only; the server gives them a one-year immutable cache.
    assetsInlineLimit: 0,
  },
});
