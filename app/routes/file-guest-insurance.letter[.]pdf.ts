import type { Route } from "./+types/file-guest-insurance.letter[.]pdf";
import { buildClaimLetter, evidenceChecklist } from "~/domain/insurance-claim-letter";
import { recordEvent } from "~/lib/analytics/server";
import { claimLetterFilename, renderClaimLetterPdf } from "~/lib/tools/claim-letter-pdf.server";
import { parseClaimLetterQuery, todayIso } from "~/lib/tools/claim-letter-query";

const FEATURE = "guest_insurance_claim_letter";

/**
 * The claim letter as a PDF download: the same query as the page (so the link next to the preview
 * gives exactly the previewed letter). An incomplete or hostile query answers 400 in plain text.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { input, errors } = parseClaimLetterQuery(new URL(request.url).searchParams, todayIso());
  if (!input) {
    const messages = Object.values(errors).slice(0, 30);
    return new Response(
      `The claim letter can't be created yet. Fix these in the form and try again:\n${messages
        .map((message) => `- ${message}`)
        .join("\n")}\n`,
      {
        status: 400,
        headers: {
          "Content-Type": "text/plain; charset=utf-8",
          "Cache-Control": "private, no-store",
        },
      },
    );
  }

  const letter = buildClaimLetter(input);
  const bytes = await renderClaimLetterPdf(letter, evidenceChecklist(input));
  recordEvent("feature_usage", { feature: FEATURE, action: "download_pdf" });
  const filename = claimLetterFilename(input.guest.name, input.letterDate);
  return new Response(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}
