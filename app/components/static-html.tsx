/**
 * Markup the server rendered (`staticHtml`): shown as it came, never redrawn in the browser.
 * `display: contents` keeps the wrapper out of the page's layout.
 */
export function StaticHtml({ html }: { html: string }) {
  return <div className="contents" dangerouslySetInnerHTML={{ __html: html }} />;
}
