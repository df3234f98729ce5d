import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";

/**
 * Content with no state and no handlers (a guide, a list of rules) as HTML, rendered once on the
 * server: the browser gets its markup instead of the code and text that draw it, which keeps a
 * public page within its JavaScript budget. Links in it become plain links (a full page load).
 * React escapes every value, so the markup is as safe as a rendered page.
 */
export function staticHtml(node: ReactNode): string {
  return renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);
}
