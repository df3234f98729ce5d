/** What every call to an OpenAI-compatible chat-completions server shares: its URL and its auth. */

export function chatCompletionsUrl(baseUrl: string): URL {
  const url = new URL(baseUrl);
  // Append instead of resolving, so "…/v1" and "…/v1/" both work and a query string survives.
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/chat/completions`;
  return url;
}

const AZURE_HOST =
  /\.(openai\.azure\.com|services\.ai\.azure\.com|cognitiveservices\.azure\.com)$/i;

/**
 * Authorization: `Bearer <key>` everywhere. Azure OpenAI's v1 API
 * (https://<resource>.openai.azure.com/openai/v1/) takes a key this way too (Microsoft documents
 * the stock OpenAI client, which sends Bearer, with an API key against that base URL), but its
 * REST reference names the `api-key` header for key auth, so Azure hosts get both headers with
 * the same key. Microsoft Entra tokens also travel as Bearer, but they expire within hours and
 * don't belong in AI_API_KEY.
 */
export function authHeaders(url: URL, apiKey: string | undefined): Record<string, string> {
  if (!apiKey) return {};
  const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}` };
  if (AZURE_HOST.test(url.hostname)) headers["api-key"] = apiKey;
  return headers;
}
