import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ReportDocument } from "./report-document";
import type { ReportView } from "~/lib/estimates/report-view.server";

/**
 * A read-only report (a share link, the public sample) as HTML, rendered once on the server. The
 * document has no state or handlers, so the browser gets its markup instead of the code that
 * draws it: the diagram, tables and formatting stay on the server, and the page's JavaScript
 * stays within budget. React escapes every value, so the markup is as safe as a rendered page.
 */
export function reportDocumentHtml(
  report: ReportView,
  options: { shareMode?: boolean; actions?: ReactNode } = {},
): string {
  return renderToStaticMarkup(
    <ReportDocument report={report} shareMode={options.shareMode} actions={options.actions} />,
  );
}
