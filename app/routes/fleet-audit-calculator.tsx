import { useMemo, useState, type FormEvent } from "react";
import { useLocation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/fleet-audit-calculator";
import { ToolPage } from "~/components/tool-page";
import { AuditForm } from "~/components/tools/fleet-audit/audit-form";
import {
  FLEET_AUDIT_PATH as PATH,
  type HostPlanOption,
} from "~/components/tools/fleet-audit/common";
import { CsvImport } from "~/components/tools/fleet-audit/csv-import";
import { Results } from "~/components/tools/fleet-audit/results";
import { marketplace } from "~/config/marketplace";
import {
  auditFleet,
  parseEarningsCsv,
  type EarningsCsvError,
  type VehicleAudit,
} from "~/domain/fleet-audit";
import {
  AVERAGE_REPAIRABLE_CLAIM_CENTS,
  MONTHLY_DAMAGE_RATE_PERCENT,
} from "~/domain/industry-benchmarks";
import { HOST_PLAN_IDS, HOST_PLANS, RULE_SOURCES, RULES_AS_OF } from "~/domain/marketplace-rules";
import { formatCents } from "~/domain/money";
import { recordEvent } from "~/lib/analytics/server";
import { parseSubmission } from "~/lib/http/form";
import { formReply } from "~/lib/http/form.server";
import { CSV_FIELDS, importRedirect, parseFleetAuditQuery } from "~/lib/tools/fleet-audit-query";
import { readEarningsCsvSubmission } from "~/lib/tools/fleet-audit-import.server";
import { toolLoaderData } from "~/lib/tools/tool-page.server";
import { useLiveParams } from "~/lib/tools/live-form";
import { useLiveLoaderData } from "~/lib/tools/live-loader";
import { pageMeta } from "~/lib/ui/meta";
import { redirectWithToast } from "~/lib/ui/toast.server";

const FEATURE = "fleet_audit_calculator";

// Sent by the loader: the sources are text the page shows, not code it runs.
const SOURCES = [
  RULE_SOURCES.hostPlans,
  { topic: MONTHLY_DAMAGE_RATE_PERCENT.source, url: null },
  {
    topic: `Default repair cost (${formatCents(AVERAGE_REPAIRABLE_CLAIM_CENTS.value, { trimWholeDollars: true })}): ${AVERAGE_REPAIRABLE_CLAIM_CENTS.source}`,
    url: null,
  },
];

/**
 * The audit is worked out here, for the page's URL and for the live values the browser sends as
 * the host types (`useLiveLoaderData`), so the parsing and the calculation don't download with
 * the page.
 */
export function loader({ request }: Route.LoaderArgs) {
  const parsed = parseFleetAuditQuery(new URL(request.url).searchParams);
  const audit =
    parsed.options && parsed.vehicles.length > 0
      ? auditFleet(parsed.vehicles, parsed.options)
      : null;
  return toolLoaderData(request, FEATURE, () => parsed.valid, {
    parsed,
    audit,
    hostPlans: HOST_PLAN_IDS.map((id): HostPlanOption => ({
      id,
      label: `${HOST_PLANS[id].name}: ${formatCents(HOST_PLANS[id].deductibleCents, { trimWholeDollars: true })} deductible`,
    })),
    rulesAsOf: RULES_AS_OF,
    sources: SOURCES,
  });
}

/** The earnings CSV import: prefill the rows and redirect to the (shareable) audit URL. */
export async function action({ request }: Route.ActionArgs) {
  const submission = await readEarningsCsvSubmission(request);
  if (!submission.ok) {
    return csvErrorsReply(submission.status, [submission.error], submission.pasted);
  }
  const result = parseEarningsCsv(submission.text);
  if (!result.ok) return csvErrorsReply(400, result.errors, submission.pasted);
  recordEvent("feature_usage", { feature: FEATURE, action: "import_csv" });
  const current = parseFleetAuditQuery(new URL(request.url).searchParams);
  const { search, title, description } = importRedirect(
    result,
    submission.hostPlan,
    current.options?.monthlyDamageRatePercent,
  );
  return redirectWithToast(`${PATH}?${search}`, { title, description }, { status: 303 });
}

function csvErrorText(error: EarningsCsvError): string {
  if (error.row === null || /^(Row|Line) \d/.test(error.message)) return error.message;
  return `Line ${error.row}: ${error.message}`;
}

/**
 * A file the import can't use, as the one form reply (ADR 0013): its problems are the form's
 * errors (`result.error[""]`, one per line of the list), and the pasted text (when short enough
 * to echo) is the value shown again. The file was read with its size caps, not by Conform, so the
 * submission is parsed from the pasted text alone, with the problems as the schema's form issues.
 */
function csvErrorsReply(status: number, errors: EarningsCsvError[], pasted: string) {
  const form = new FormData();
  form.set(CSV_FIELDS.text, pasted);
  const schema = z.object({ [CSV_FIELDS.text]: z.string() }).superRefine((_, context) => {
    for (const error of errors) {
      context.addIssue({ code: "custom", message: csvErrorText(error), path: [] });
    }
  });
  return formReply(parseSubmission(form, schema), { status });
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: "Fleet Audit Calculator: Profit per Car for Rental Hosts",
    description: `Which of your rental cars make money? Monthly net profit per car after ${marketplace.name}'s share and your costs, break-even utilization, fleet totals and the cars losing money. Free; import your earnings CSV.`,
    path: PATH,
    origin: data?.origin ?? "http://localhost:3000",
  });

export default function FleetAuditCalculator({ loaderData }: Route.ComponentProps) {
  const { params: liveParams, onChange: onLiveChange } = useLiveParams(FEATURE);
  const location = useLocation();
  // Add, Remove and an import are navigations that change the rows. Until the host edits the
  // new page, answer from its URL: the live values still hold the previous page's form for one
  // render, and the remounted inputs must start from the new values.
  const [editedKey, setEditedKey] = useState<string | null>(null);
  const urlParams = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const params = editedKey === location.key ? liveParams : urlParams;
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    setEditedKey(location.key);
    onLiveChange(event);
  };
  const { parsed, audit } = useLiveLoaderData(loaderData, params);
  const auditByRow = new Map<number, VehicleAudit>();
  audit?.vehicles.forEach((vehicle) => {
    const row = parsed.vehicleRowIndexes[vehicle.index];
    if (row !== undefined) auditByRow.set(row, vehicle);
  });

  return (
    <ToolPage
      title="Fleet Audit Calculator"
      intro={
        <>
          Which of your cars actually make money? Enter each car&apos;s daily price, utilization,
          host plan and monthly costs to see its net profit after {marketplace.name}&apos;s share,
          the utilization it needs to break even, your fleet&apos;s totals, and the cars losing
          money.
        </>
      }
      rulesAsOf={loaderData.rulesAsOf}
      sourcesIntro="Host plan shares and deductibles come from the marketplace's dated rules; the damage defaults are planning figures you can replace:"
      sources={loaderData.sources}
    >
      <CsvImport defaultPlan={parsed.rows[0]?.values.plan ?? "75"} />
      {/* Keyed by navigation: after Add/Remove/import the inputs start from the new URL. */}
      <AuditForm key={location.key} parsed={parsed} auditByRow={auditByRow} onChange={onChange} />
      <Results parsed={parsed} audit={audit} />
    </ToolPage>
  );
}
