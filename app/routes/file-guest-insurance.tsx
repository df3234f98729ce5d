import type { Route } from "./+types/file-guest-insurance";
import { StaticHtml } from "~/components/static-html";
import { ToolPage } from "~/components/tool-page";
import { Checklist } from "~/components/tools/guest-insurance/checklist";
import { ClaimForm } from "~/components/tools/guest-insurance/claim-form";
import { Guide } from "~/components/tools/guest-insurance/guide";
import {
  LetterActions,
  LetterPlaceholder,
  LetterPreview,
} from "~/components/tools/guest-insurance/letter";
import { marketplace } from "~/config/marketplace";
import {
  buildClaimLetter,
  claimLetterToText,
  evidenceChecklist,
} from "~/domain/insurance-claim-letter";
import { GUEST_PLAN_IDS, GUEST_PLANS, RULE_SOURCES, RULES_AS_OF } from "~/domain/marketplace-rules";
import {
  parseClaimLetterQuery,
  ROWS_PARAM,
  SUBMIT_PARAM,
  todayIso,
} from "~/lib/tools/claim-letter-query";
import { toolLoaderData } from "~/lib/tools/tool-page.server";
import { useLiveParams } from "~/lib/tools/live-form";
import { useLiveLoaderData } from "~/lib/tools/live-loader";
import { pageMeta } from "~/lib/ui/meta";
import { staticHtml } from "~/lib/ui/static-html.server";

const FEATURE = "guest_insurance_claim_letter";
const PAGE_PATH = "/file-guest-insurance";

/**
 * The letter and the checklist are worked out here, for the page's URL and for the live values
 * the browser sends as the host types (`useLiveLoaderData`), so the letter's rules and wording
 * don't download with the page.
 */
export function loader({ request }: Route.LoaderArgs) {
  const today = todayIso();
  const query = parseClaimLetterQuery(new URL(request.url).searchParams, today);
  const letter = query.input ? buildClaimLetter(query.input) : null;
  const checklist = evidenceChecklist({
    ...query.draft,
    trip: { ...query.draft.trip, reservationId: query.draft.trip.reservationId || "ID" },
    additionalCharges: query.draft.additionalCharges.filter((c) => c.description !== ""),
  });
  return toolLoaderData(request, FEATURE, () => Boolean(query.input) || !query.touched, {
    query,
    letter,
    // Copy's text and the plan names come worked out, so their code stays on the server.
    letterText: letter ? claimLetterToText(letter) : null,
    guestPlans: GUEST_PLAN_IDS.map((id) => ({ id, name: GUEST_PLANS[id].name })),
    checklist,
    rulesAsOf: RULES_AS_OF,
    sources: SOURCES,
    // The four steps have nothing to do in the browser: they come as markup.
    guideHtml: staticHtml(<Guide />),
  });
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: "File a Damage Claim with a Guest's Auto Insurance",
    description: `A step-by-step guide and a free generator for ${marketplace.name} hosts: a professional claim letter to the guest's insurer, an evidence checklist, printable and as a PDF.`,
    path: PAGE_PATH,
    origin: data?.origin ?? "http://localhost:3000",
  });

// Sent by the loader: the sources are text the page shows, not code it runs.
const SOURCES = [
  RULE_SOURCES.resolvingIndependently,
  RULE_SOURCES.damageClaims,
  RULE_SOURCES.reportingDamage,
  RULE_SOURCES.tripPhotos,
];

export default function FileGuestInsurance({ loaderData }: Route.ComponentProps) {
  const { params, onChange } = useLiveParams(FEATURE);
  const { query, letter, letterText, checklist } = useLiveLoaderData(loaderData, params);
  const pdfParams = new URLSearchParams(params);
  pdfParams.delete(SUBMIT_PARAM);
  pdfParams.delete(ROWS_PARAM);
  const pdfHref = `${PAGE_PATH}/letter.pdf?${pdfParams.toString()}`;

  return (
    // When printing, only the letter: hide ToolPage's heading, sources and call to action.
    <div className="print:[&>div>div:not(:has(#claim-letter))]:hidden">
      <ToolPage
        title="File with Guest's Insurance"
        intro={
          <>
            When a guest damages your car and relies on their own auto insurance, send their insurer
            a clear, factual claim letter. Follow the four steps, fill in the form, and print or
            download the letter as a PDF, with the checklist of evidence to send with it.
          </>
        }
        rulesAsOf={loaderData.rulesAsOf}
        sources={loaderData.sources}
      >
        <StaticHtml html={loaderData.guideHtml} />
        <div className="mt-10 grid gap-8 print:mt-0 print:block lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <ClaimForm
            query={query}
            checklist={checklist}
            guestPlans={loaderData.guestPlans}
            onChange={onChange}
          />
          <div className="grid min-w-0 content-start gap-8">
            <section aria-labelledby="letter-heading" aria-live="polite" className="min-w-0">
              <h2 id="letter-heading" className="no-print text-lg font-semibold text-slate-900">
                Your letter
              </h2>
              {letter ? (
                <>
                  <LetterActions text={letterText ?? ""} pdfHref={pdfHref} feature={FEATURE} />
                  <LetterPreview letter={letter} />
                </>
              ) : (
                <LetterPlaceholder query={query} />
              )}
            </section>
            <Checklist items={checklist} />
          </div>
        </div>
      </ToolPage>
    </div>
  );
}
