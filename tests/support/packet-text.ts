import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** A PDF's text as poppler's pdftotext reads it (layout kept), the way an adjuster's tools do. */
export function pdfText(pdf: Uint8Array): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-text-"));
  const file = path.join(dir, "document.pdf");
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The evidence check's internal review wording: on the claim page, never in the host's packet. */
export const PACKET_RISK_WORDING = [
  /likely to be denied/i,
  /confirm it applies/i,
  /relying on it/i,
  /\brisk\b/i,
  /outside (its|the 24-hour) window/i,
  /camera roll/i,
];
