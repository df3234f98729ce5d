import path from "node:path";

const root = import.meta.dirname;

/**
 * The one import alias, `~/`, for Vite and Vitest (tsconfig.json's `paths` say the same):
 * `~/db/…` and `~/tests/…` are those folders, and every other `~/…` is under `app/`.
 */
export const importAliases = [
  { find: /^~\/db\//, replacement: `${path.join(root, "db")}/` },
  { find: /^~\/tests\//, replacement: `${path.join(root, "tests")}/` },
  { find: /^~\//, replacement: `${path.join(root, "app")}/` },
];
