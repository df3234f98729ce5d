/**
 * The JSON error body of every answer, the server's own (cross-site 403, POST rate limit, 413)
 * like the app's (app/lib/http/json.ts): `{ error, message }`, the same sentence in both, because
 * some clients read `message` and others `error`.
 * @param {string} message
 * @returns {{ error: string; message: string }}
 */
export function jsonErrorBody(message) {
  return { error: message, message };
}
