import fs from "node:fs";
import path from "node:path";
import { Transform } from "node:stream";
import appCss from "~/app.css?url";
import { isProtectedPath } from "~/config/protected-paths";

/**
 * Pages a visitor opens without signing in are sent lean: most of their visits are a first visit
 * on a phone, with nothing cached. The stylesheet comes inline, so the first paint needs the HTML
 * alone, and the scripts load after it rather than competing with it for a slow connection (the
 * page works without them). Signed-in pages link the stylesheet, which returning users have
 * cached, and preload their scripts. ADR 0040.
 */
export function servesLeanDocument(pathname: string): boolean {
  return !isProtectedPath(pathname);
}

const stylesheetTexts = new Map<string, string | null>();

/**
 * The production stylesheet's text, read once from the browser build. Null without a build
 * (development, where Vite serves the stylesheet itself).
 */
export function builtStylesheetText(clientDir: string | null | undefined): string | null {
  if (!clientDir) return null;
  let text = stylesheetTexts.get(clientDir);
  if (text === undefined) {
    try {
      text = fs.readFileSync(path.join(clientDir, appCss), "utf8");
    } catch {
      text = null;
    }
    stylesheetTexts.set(clientDir, text);
  }
  return text;
}

// React writes every attribute value escaped, so a tag ends at the first ">".
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

/**
 * Holds the rendered page (it is rendered whole before it is sent anyway) and sends it without
 * React Router's module preload links: the module script at the end of the body still loads
 * every module, once the page is parsed.
 */
export function withoutModulePreloads(): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      chunks.push(Buffer.from(chunk));
      callback();
    },
    flush(callback) {
      callback(null, Buffer.concat(chunks).toString("utf8").replace(MODULE_PRELOAD, ""));
    },
  });
}
