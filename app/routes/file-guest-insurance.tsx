import { useState, type ReactNode } from "react";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/file-guest-insurance";
import { ToolField } from "~/components/tool-fields";
import { ToolPage } from "~/components/tool-page";
import { marketplace, protectionPlanPath } from "~/config/marketplace";
import {
  buildClaimLetter,
  claimLetterToText,
  evidenceChecklist,
  type ClaimLetter,
  type EvidenceItem,
} from "~/domain/insurance-claim-letter";
import {
  claimDeadlineRule,
  describeDuration,
  GUEST_PLAN_IDS,
  GUEST_PLANS,
  RULE_SOURCES,
  RULES_AS_OF,
} from "~/domain/marketplace-rules";
import { track } from "~/lib/analytics/start";
import {
  chargeParams,
  CLAIM_TEXT_FIELDS,
  ESTIMATE_PARAM,
  EVIDENCE_PARAM,
  GUEST_PLAN_PARAM,
  MAX_CHARGE_ROWS,
  parseClaimLetterQuery,
  ROWS_PARAM,
  SUBMIT_PARAM,
  todayIso,
  type ClaimFieldGroup,
  type ClaimLetterQuery,
  type ClaimTextField,
} from "~/lib/tools/claim-letter-query";
import { env } from "~/lib/runtime/env.server";
import { useLiveParams } from "~/lib/tools/live-form";
import { pageMeta } from "~/lib/ui/meta";
import { recordToolUsage } from "~/lib/tools/tool-usage.server";
import { useHydrated } from "~/lib/ui/use-hydrated";

const FEATURE = "guest_insurance_claim_letter";
const PAGE_PATH = "/file-guest-insurance";
const LETTER_ID = "claim-letter";

export function loader({ request }: Route.LoaderArgs) {
  recordToolUsage(request, FEATURE);
  const today = todayIso();
  const { input, touched } = parseClaimLetterQuery(new URL(request.url).searchParams, today);
  return data(
    { origin: new URL(env().PUBLIC_URL).origin, today },
    { status: input || !touched ? 200 : 400 },
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: "File a Damage Claim with a Guest's Auto Insurance",
    description: `A step-by-step guide and a free generator for ${marketplace.name} hosts: a professional claim letter to the guest's insurer, an evidence checklist, printable and as a PDF.`,
    path: PAGE_PATH,
    origin: data?.origin ?? "http://localhost:3000",
  });

const SOURCES = [
  RULE_SOURCES.resolvingIndependently,
  RULE_SOURCES.damageClaims,
  RULE_SOURCES.reportingDamage,
  RULE_SOURCES.tripPhotos,
];

const GROUPS: Array<{ group: ClaimFieldGroup; legend: string }> = [
  { group: "host", legend: "You (the host)" },
  { group: "guest", legend: "The guest and their insurer" },
  { group: "trip", legend: "The car and the trip" },
  { group: "incident", legend: "What happened" },
];

export default function FileGuestInsurance({ loaderData }: Route.ComponentProps) {
  const { params, onChange } = useLiveParams(FEATURE);
  const query = parseClaimLetterQuery(params, loaderData.today);
  const letter = query.input ? buildClaimLetter(query.input) : null;
  const checklist = evidenceChecklist({
    ...query.draft,
    trip: { ...query.draft.trip, reservationId: query.draft.trip.reservationId || "ID" },
    additionalCharges: query.draft.additionalCharges.filter((c) => c.description !== ""),
  });
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
        rulesAsOf={RULES_AS_OF}
        sources={SOURCES}
      >
        <Guide />
        <div className="mt-10 grid gap-8 print:mt-0 print:block lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <ClaimForm query={query} checklist={checklist} onChange={onChange} />
          <div className="grid min-w-0 content-start gap-8">
            <section aria-labelledby="letter-heading" aria-live="polite" className="min-w-0">
              <h2 id="letter-heading" className="no-print text-lg font-semibold text-slate-900">
                Your letter
              </h2>
              {letter ? (
                <>
                  <LetterActions letter={letter} pdfHref={pdfHref} />
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

function Guide() {
  const reportWithin = describeDuration(claimDeadlineRule("report-damage").duration);
  const estimateWithin = describeDuration(claimDeadlineRule("repair-estimate").duration);
  const escalateWithin = describeDuration(claimDeadlineRule("escalate").duration);
  const m = marketplace.name;
  const steps = [
    {
      title: `Choose this route or a ${m}-managed claim`,
      body: (
        <>
          Whichever route you take, report the damage in {m}&apos;s claims center within{" "}
          {reportWithin} of the trip&apos;s end. Writing to the guest&apos;s own insurer is part of
          resolving the claim directly with the guest: it fits best when the guest declined a
          protection plan and relies on their own insurance. On a {m}-managed claim, {m} asks the
          guest&apos;s insurance itself (unless they chose Premier) and you pay your plan&apos;s
          deductible.{" "}
          <Link to={protectionPlanPath} className="text-brand-700 underline">
            Compare both routes for your plans
          </Link>
          .
        </>
      ),
    },
    {
      title: "Gather the facts and the evidence",
      body: (
        <>
          Ask the guest, in {m} messaging, for their insurance company, policy number and a photo of
          their insurance card. Get an itemized repair estimate within {estimateWithin}. Collect
          your pre- and post-trip photos, the trip receipt, your registration and a receipt for
          every other charge: the evidence checklist on this page follows what you enter.
        </>
      ),
    },
    {
      title: "Send the letter",
      body: (
        <>
          Fill in the form and check the preview, then download the PDF or print it. Email it to the
          insurer&apos;s claims address (on the insurance card or the insurer&apos;s website) with
          the evidence attached, copy the guest, and keep a copy with the date you sent it.
        </>
      ),
    },
    {
      title: "Follow up",
      body: (
        <>
          The insurer should confirm the claim with a claim number and an adjuster. If a week or two
          passes without a reply, call their claims line with the policy number and the date of your
          letter. If they refuse or stall, you or the guest can still ask {m} to manage the claim
          within {escalateWithin} of the trip&apos;s end; once it is managed you can&apos;t switch
          back.
        </>
      ),
    },
  ];
  return (
    <section aria-labelledby="guide-heading" className="no-print mt-8">
      <h2 id="guide-heading" className="text-xl font-semibold text-slate-900">
        How to file, step by step
      </h2>
      <ol className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => (
          <li key={step.title} className="rounded-2xl border border-slate-200 p-5">
            <p
              aria-hidden="true"
              className="flex size-8 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
            >
              {index + 1}
            </p>
            <h3 className="mt-3 font-semibold text-slate-900">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-sm text-slate-700">{step.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function ClaimForm({
  query,
  checklist,
  onChange,
}: {
  query: ClaimLetterQuery;
  checklist: EvidenceItem[];
  onChange: ReturnType<typeof useLiveParams>["onChange"];
}) {
  const { values, errors, rows } = query;
  const shownError = (param: string, value: string) =>
    errors[param] && (query.submitted || value !== "") ? errors[param] : undefined;

  return (
    <Form
      method="get"
      onChange={onChange}
      className="no-print rounded-2xl border border-slate-200 p-5 sm:p-6"
      aria-labelledby="form-heading"
    >
      <h2 id="form-heading" className="text-lg font-semibold text-slate-900">
        Your claim
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Fields marked optional can be left blank. Nothing you type is stored.
      </p>

      {GROUPS.map(({ group, legend }) => (
        <FormGroup key={group} legend={legend}>
          {CLAIM_TEXT_FIELDS.filter((field) => field.group === group).map((field) => (
            <TextInput
              key={field.param}
              field={field}
              value={values[field.param] ?? ""}
              error={shownError(field.param, values[field.param] ?? "")}
            />
          ))}
          {group === "guest" ? (
            <div>
              <label htmlFor={GUEST_PLAN_PARAM} className="label">
                Protection plan the guest chose on {marketplace.name}
              </label>
              <select
                id={GUEST_PLAN_PARAM}
                name={GUEST_PLAN_PARAM}
                defaultValue={query.guestPlan}
                aria-invalid={errors[GUEST_PLAN_PARAM] ? true : undefined}
                aria-describedby={
                  errors[GUEST_PLAN_PARAM] ? `${GUEST_PLAN_PARAM}-error` : undefined
                }
                className="input"
              >
                <option value="">Not known / leave out</option>
                {GUEST_PLAN_IDS.map((id) => (
                  <option key={id} value={id}>
                    {GUEST_PLANS[id].name}
                  </option>
                ))}
              </select>
              {errors[GUEST_PLAN_PARAM] ? (
                <p id={`${GUEST_PLAN_PARAM}-error`} className="field-error" role="alert">
                  {errors[GUEST_PLAN_PARAM]}
                </p>
              ) : null}
            </div>
          ) : null}
        </FormGroup>
      ))}

      <FormGroup legend="What you're claiming">
        <ToolField
          id={ESTIMATE_PARAM}
          label="Repair estimate"
          kind="money"
          defaultValue={values[ESTIMATE_PARAM] ?? ""}
          error={shownError(ESTIMATE_PARAM, values[ESTIMATE_PARAM] ?? "")}
          min={0}
          hint="The total of the shop's itemized estimate."
        />
        {CLAIM_TEXT_FIELDS.filter((field) => field.group === "claim").map((field) => (
          <TextInput
            key={field.param}
            field={field}
            value={values[field.param] ?? ""}
            error={shownError(field.param, values[field.param] ?? "")}
          />
        ))}
        <div id="charges">
          <p className="text-sm font-medium text-slate-800">Other charges (optional)</p>
          <p className="text-sm text-slate-600">
            Towing, a rental car, loss of use, a diminished-value appraisal… one per row.
          </p>
          <ul className="mt-3 grid gap-3">
            {rows.map((row, index) => {
              const names = chargeParams(index);
              const hasValue = row.label !== "" || row.amount !== "";
              const labelError = hasValue ? errors[names.label] : undefined;
              const amountError = hasValue ? errors[names.amount] : undefined;
              return (
                <li
                  key={names.label}
                  className="grid grid-cols-[minmax(0,1fr)_7.5rem] gap-2 rounded-xl bg-slate-50 p-3"
                >
                  <div>
                    <label htmlFor={names.label} className="label">
                      Charge {index + 1}
                    </label>
                    <input
                      id={names.label}
                      name={names.label}
                      defaultValue={row.label}
                      maxLength={200}
                      aria-invalid={labelError ? true : undefined}
                      aria-describedby={labelError ? `${names.label}-error` : undefined}
                      className="input"
                    />
                  </div>
                  <div>
                    <label htmlFor={names.amount} className="label">
                      <span className="sr-only">Charge {index + 1} </span>Amount
                    </label>
                    <div className="relative">
                      <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-600">
                        $
                      </span>
                      <input
                        id={names.amount}
                        name={names.amount}
                        defaultValue={row.amount}
                        inputMode="decimal"
                        maxLength={20}
                        aria-invalid={amountError ? true : undefined}
                        aria-describedby={amountError ? `${names.amount}-error` : undefined}
                        className="input pl-7"
                      />
                    </div>
                  </div>
                  {labelError || amountError ? (
                    <div className="col-span-2">
                      {labelError ? (
                        <p id={`${names.label}-error`} className="field-error" role="alert">
                          {labelError}
                        </p>
                      ) : null}
                      {amountError ? (
                        <p id={`${names.amount}-error`} className="field-error" role="alert">
                          {amountError}
                        </p>
                      ) : null}
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <input type="hidden" name={ROWS_PARAM} value={rows.length} />
          {rows.length < MAX_CHARGE_ROWS ? (
            <button
              type="submit"
              name={ROWS_PARAM}
              value={rows.length + 1}
              formNoValidate
              className="btn-outline mt-3"
            >
              Add charge
            </button>
          ) : (
            <p className="mt-3 text-sm text-slate-600">
              That&apos;s the most this letter lists ({MAX_CHARGE_ROWS}); combine smaller items.
            </p>
          )}
        </div>
      </FormGroup>

      <FormGroup legend="Evidence you have">
        <p className="-mt-1 text-sm text-slate-600">
          Ticked items are listed as enclosures in the letter.
        </p>
        <div className="grid gap-2">
          {checklist.map((item) => {
            const id = `${EVIDENCE_PARAM}-${item.id}`;
            return (
              <div key={item.id} className="flex items-start gap-3">
                <input
                  id={id}
                  type="checkbox"
                  name={EVIDENCE_PARAM}
                  value={item.id}
                  defaultChecked={item.provided}
                  className="mt-1 size-4 shrink-0 accent-brand-600"
                />
                <label htmlFor={id} className="text-slate-800">
                  {item.label}
                </label>
              </div>
            );
          })}
        </div>
      </FormGroup>

      <FormGroup legend="The letter">
        {CLAIM_TEXT_FIELDS.filter((field) => field.group === "letter").map((field) => (
          <TextInput
            key={field.param}
            field={field}
            value={values[field.param] ?? ""}
            error={shownError(field.param, values[field.param] ?? "")}
          />
        ))}
      </FormGroup>

      <button type="submit" name={SUBMIT_PARAM} value="1" className="btn-primary mt-6 w-full">
        Create letter
      </button>
    </Form>
  );
}

function FormGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="mt-6 border-t border-slate-200 pt-5">
      <legend className="float-left mb-4 w-full text-base font-semibold text-slate-900">
        {legend}
      </legend>
      <div className="clear-left grid gap-4">{children}</div>
    </fieldset>
  );
}

function TextInput({
  field,
  value,
  error,
}: {
  field: ClaimTextField;
  value: string;
  error?: string;
}) {
  const id = field.param;
  const describedBy = [field.hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  const common = {
    id,
    name: id,
    defaultValue: value,
    required: field.required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    className: "input",
  };
  return (
    <div>
      <label htmlFor={id} className="label">
        {field.label}
      </label>
      {field.type === "textarea" ? (
        <textarea {...common} rows={6} maxLength={field.max} />
      ) : (
        <input
          {...common}
          type={field.type ?? "text"}
          maxLength={field.type === "date" ? undefined : field.max}
          autoComplete={field.autoComplete ?? "off"}
        />
      )}
      {field.hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {field.hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function LetterPlaceholder({ query }: { query: ClaimLetterQuery }) {
  const problems = Object.entries(query.errors);
  if (!query.touched) {
    return (
      <div className="mt-3 rounded-2xl border-2 border-dashed border-slate-300 p-6 text-slate-700">
        Fill in the form and your letter appears here, ready to print or download as a PDF.
      </div>
    );
  }
  return (
    <div role="alert" className="mt-3 rounded-2xl bg-amber-50 p-5 wrap-anywhere text-amber-900">
      <p className="font-semibold">Your letter appears here once these are done:</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {problems.map(([param, message]) => (
          <li key={param}>
            <a href={`#${param}`} className="underline">
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function LetterActions({ letter, pdfHref }: { letter: ClaimLetter; pdfHref: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <div className="no-print mt-3 flex flex-wrap gap-2">
      <a
        href={pdfHref}
        className="btn-primary"
        rel="nofollow"
        onClick={() => track("feature_usage", { feature: FEATURE, action: "download_pdf" })}
      >
        Download PDF
      </a>
      {hydrated ? (
        <>
          <button
            type="button"
            className="btn-outline"
            onClick={() => {
              track("feature_usage", { feature: FEATURE, action: "print" });
              window.print();
            }}
          >
            Print
          </button>
          <button
            type="button"
            className="btn-ghost"
            onClick={() => {
              void navigator.clipboard.writeText(claimLetterToText(letter)).then(() => {
                setCopied(true);
                track("feature_usage", { feature: FEATURE, action: "copy" });
                setTimeout(() => setCopied(false), 2000);
              });
            }}
          >
            {copied ? "Copied" : "Copy text"}
          </button>
        </>
      ) : null}
    </div>
  );
}

function LetterPreview({ letter }: { letter: ClaimLetter }) {
  return (
    <article
      id={LETTER_ID}
      aria-label="Claim letter preview"
      className="mt-4 rounded-lg border border-slate-300 bg-white p-5 font-serif text-[15px] leading-relaxed wrap-anywhere text-slate-900 shadow-md sm:p-10 print:mt-0 print:rounded-none print:border-0 print:p-0 print:text-[12pt] print:shadow-none"
    >
      <div>
        {letter.senderLines.map((line, index) => (
          <p key={`${index}-${line}`} className={index === 0 ? "font-bold" : undefined}>
            {line}
          </p>
        ))}
      </div>
      <p className="mt-6">{letter.date}</p>
      <div className="mt-6">
        {letter.recipientLines.map((line, index) => (
          <p key={`${index}-${line}`}>{line}</p>
        ))}
      </div>
      <p className="mt-6 font-bold">Re: {letter.subject}</p>
      <dl className="mt-3 grid grid-cols-1 gap-x-4 text-sm sm:grid-cols-[auto_minmax(0,1fr)] print:grid-cols-[auto_minmax(0,1fr)]">
        {letter.references.map((reference) => (
          <div key={reference.label} className="contents">
            <dt className="mt-1 font-bold sm:mt-0 print:mt-0">{reference.label}:</dt>
            <dd>{reference.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-6">{letter.salutation}</p>
      {letter.sections.map((section, index) => (
        <div key={section.heading} className="mt-4">
          {index > 0 ? <h3 className="font-bold">{section.heading}</h3> : null}
          {section.paragraphs.map((paragraph, paragraphIndex) => (
            <p key={paragraphIndex} className="mt-2">
              {paragraph}
            </p>
          ))}
          {section.heading === "Damages" ? <ChargesTable letter={letter} /> : null}
        </div>
      ))}
      {letter.enclosures.length > 0 ? (
        <div className="mt-4">
          <p className="font-bold">Enclosures:</p>
          <ul className="list-disc pl-6">
            {letter.enclosures.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="mt-6">{letter.closing}</p>
      <div className="mt-10">
        {letter.signatureLines.map((line, index) => (
          <p key={`${index}-${line}`} className={index === 0 ? "font-bold" : undefined}>
            {line}
          </p>
        ))}
      </div>
    </article>
  );
}

function ChargesTable({ letter }: { letter: ClaimLetter }) {
  return (
    <table className="mt-3 w-full table-fixed border-collapse text-sm" data-testid="letter-charges">
      <caption className="sr-only">Amounts claimed</caption>
      <thead>
        <tr className="bg-slate-100 print:bg-transparent">
          <th scope="col" className="px-2 py-1 text-left">
            Item
          </th>
          <th scope="col" className="w-32 px-2 py-1 text-right">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {letter.charges.lines.map((line, index) => (
          <tr key={`${index}-${line.description}`} className="border-b border-slate-200">
            <td className="px-2 py-1">{line.description}</td>
            <td className="px-2 py-1 text-right whitespace-nowrap tabular-nums">{line.amount}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="border-t-2 border-slate-400 font-bold">
          <th scope="row" className="px-2 py-1 text-left">
            Total
          </th>
          <td className="px-2 py-1 text-right whitespace-nowrap tabular-nums">
            {letter.charges.total}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

function Checklist({ items }: { items: EvidenceItem[] }) {
  return (
    <section
      aria-labelledby="checklist-heading"
      className="no-print rounded-2xl border border-slate-200 p-5 wrap-anywhere sm:p-6"
    >
      <h2 id="checklist-heading" className="text-lg font-semibold text-slate-900">
        Evidence checklist
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Send these with the letter. Tick what you have in the form; the PDF includes this list on
        its last page.
      </p>
      <ul className="mt-4 divide-y divide-slate-100">
        {items.map((item) => (
          <li key={item.id} className="flex gap-3 py-3">
            <span
              aria-hidden="true"
              className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded border text-xs font-bold ${
                item.provided
                  ? "border-green-700 bg-green-700 text-white"
                  : "border-slate-400 text-transparent"
              }`}
            >
              ✓
            </span>
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {item.label}{" "}
                <span
                  className={`ml-1 rounded-full px-2 py-0.5 text-xs font-semibold ${
                    item.importance === "required"
                      ? "bg-amber-100 text-amber-900"
                      : "bg-slate-100 text-slate-700"
                  }`}
                >
                  {item.importance === "required" ? "Required" : "Recommended"}
                </span>
                {item.provided ? (
                  <span className="ml-1 text-sm font-semibold text-green-800">You have it</span>
                ) : (
                  <span className="sr-only"> (not yet)</span>
                )}
              </p>
              <p className="mt-1 text-sm text-slate-600">{item.detail}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
