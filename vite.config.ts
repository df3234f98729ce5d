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
    rollupOptions: {
      onwarn(warning, warn) {
        // Resource routes (APIs, PDFs) have no browser code, so their client chunks are empty by
        // design; a dependency's misplaced /*#__PURE__*/ comment is not ours to fix.
        if (warning.code === "EMPTY_BUNDLE") return;
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("node_modules")) return;
        warn(warning);
      },
    },
  },
});
