import { useRevalidateEvery } from "~/lib/ui/use-revalidate-every";

/** The AI is writing the draft: say so, and look again every 2 seconds (a refresh without JS). */
export function DraftingNotice() {
  useRevalidateEvery(2000);
  return (
    <p role="status" aria-live="polite" className="rounded-lg bg-slate-100 p-3 text-sm">
      <noscript>
        <meta httpEquiv="refresh" content="3" />
      </noscript>
      Drafting a reply from your knowledge base… This page updates by itself.
    </p>
  );
}
