import { Link, useLocation } from "react-router";

/**
 * "First page" and "Next page" under a paged list: plain links that keep the list's filters, so
 * paging works with JavaScript off. The loader passes the next page's cursor (null on the last
 * page); the current URL says whether this is the first page.
 */
export function PageLinks({
  nextCursor,
  label,
  param = "cursor",
  hash = "",
}: {
  nextCursor: string | null;
  /** What the list is, for screen readers: "Trips pages". */
  label: string;
  /** The query parameter of this list's cursor, on a page with two lists. */
  param?: string;
  /** Where the links land ("#repairs"), when the list isn't at the top of its page. */
  hash?: string;
}) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const onFirstPage = !params.get(param);
  if (onFirstPage && !nextCursor) return null;

  const hrefWith = (cursor: string | null) => {
    const next = new URLSearchParams(params);
    if (cursor) next.set(param, cursor);
    else next.delete(param);
    const search = next.toString();
    return `${location.pathname}${search ? `?${search}` : ""}${hash}`;
  };
  const linkClass =
    "rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50";

  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      {onFirstPage ? (
        <span />
      ) : (
        <Link to={hrefWith(null)} className={linkClass}>
          First page
        </Link>
      )}
      {nextCursor ? (
        <Link to={hrefWith(nextCursor)} className={linkClass} rel="next">
          Next page
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * What a list says when its page link was stale or edited (it shows the first page instead), or
 * nothing. `className` places it (a margin above the list).
 */
export function PageNotice({
  notice,
  className = "",
}: {
  notice: string | null | undefined;
  className?: string;
}) {
  if (!notice) return null;
  return (
    <p
      role="status"
      className={`rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ${className}`}
    >
      {notice}
    </p>
  );
}
