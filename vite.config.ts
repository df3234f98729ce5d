import { importAliases } from "./import-aliases";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: importAliases,
  },
  build: {
    // Hashed assets only; the server gives them a one-year immutable cache.
    assetsInlineLimit: 0,
    rollupOptions: {
      // app/domain is pure by rule (no I/O, nothing runs on import), so a module whose exports a
      // page doesn't use is left out of its bundle instead of being loaded for its "side effects".
      treeshake: { moduleSideEffects: (id) => !id.includes("/app/domain/") },
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
