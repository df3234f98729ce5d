/**
 * Secrets travel in some URLs: a link's token is its only credential (share, claim packet,
 * invitation, repair quote, inbound email webhook) and reset and verification links carry theirs
 * in `?token=`. Logs keep the URL's shape and lose the secret, so anyone who can read the logs
 * cannot use them.
 */

export const REDACTED = "[redacted]";

/** Paths whose segment after the prefix is a secret; the first one that matches applies. */
const SECRET_SEGMENTS = [
  /^(\/+api\/+inbound\/+email\/+)([^/]+?)(\.data)?(?=\/|$)/i,
  /^(\/+share\/+packet\/+)([^/]+?)(\.data)?(?=\/|$)/i,
  /^(\/+share\/+)([^/]+?)(\.data)?(?=\/|$)/i,
  /^(\/+invite\/+)([^/]+?)(\.data)?(?=\/|$)/i,
  /^(\/+repair-quote\/+)([^/]+?)(\.data)?(?=\/|$)/i,
];

/** Query parameters that are secrets wherever they appear. */
const SECRET_PARAMS = /([?&](?:token|code|key)=)[^&#]*/gi;

/**
 * The path (or path with query, or absolute URL) with every secret replaced by "[redacted]".
 * @param {string} url
 * @returns {string}
 */
export function redactUrl(url) {
  let origin = "";
  let rest = url;
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url);
  if (absolute) {
    origin = absolute[0];
    rest = url.slice(origin.length);
  }
  const queryAt = rest.search(/[?#]/);
  let path = queryAt < 0 ? rest : rest.slice(0, queryAt);
  const query = queryAt < 0 ? "" : rest.slice(queryAt);
  for (const pattern of SECRET_SEGMENTS) {
    if (pattern.test(path)) {
      path = path.replace(
        pattern,
        (_, prefix, _secret, data) => `${prefix}${REDACTED}${data ?? ""}`,
      );
      break;
    }
  }
  return origin + path + query.replace(SECRET_PARAMS, `$1${REDACTED}`);
}
