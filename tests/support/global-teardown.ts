import fs from "node:fs";
import { BILLING_DATA_DIR, DATA_DIR, STRICT_DATA_DIR } from "./env";

/** Removes this run's databases once the servers have stopped. */
export default function globalTeardown() {
  for (const dir of [DATA_DIR, STRICT_DATA_DIR, BILLING_DATA_DIR])
    fs.rmSync(dir, { recursive: true, force: true });
}
