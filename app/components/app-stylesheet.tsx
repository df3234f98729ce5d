import { createContext, useContext } from "react";
import appCss from "~/app.css?url";

/**
 * The stylesheet's text when entry.server sends this page lean (app/lib/ui/lean-document.server.ts);
 * null for other pages, in development and in the browser.
 */
const InlineStylesheetContext = createContext<string | null>(null);
export const InlineStylesheetProvider = InlineStylesheetContext.Provider;

let loadedDocumentInlined: boolean | undefined;

/** Whether the document the browser loaded carried the stylesheet inline (React marks it with data-href). */
function loadedDocumentHasInlineStylesheet(): boolean {
  loadedDocumentInlined ??=
    document.querySelector(`style[data-href="${CSS.escape(appCss)}"]`) !== null;
  return loadedDocumentInlined;
}

/**
 * The site's one stylesheet, inline or linked. With a precedence React writes it first in
 * <head>. In the browser it stays in the form the loaded document had, on every later page:
 * React finds the existing element by its `href` and keeps it.
 */
export function AppStylesheet() {
  const text = useContext(InlineStylesheetContext);
  const inline =
    typeof document === "undefined" ? text !== null : loadedDocumentHasInlineStylesheet();
  return inline ? (
    <style href={appCss} precedence="high">
      {text ?? ""}
    </style>
  ) : (
    <link rel="stylesheet" href={appCss} precedence="high" />
  );
}
