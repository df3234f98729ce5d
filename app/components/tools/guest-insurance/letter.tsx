import { useState } from "react";
import type { ClaimLetter } from "~/domain/insurance-claim-letter";
import { track } from "~/lib/analytics/start";
import type { ClaimLetterQuery } from "~/lib/tools/claim-letter-query";
import { useHydrated } from "~/lib/ui/use-hydrated";

const LETTER_ID = "claim-letter";

export function LetterPlaceholder({ query }: { query: ClaimLetterQuery }) {
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

export function LetterActions({
  text,
  pdfHref,
  feature,
}: {
  /** The letter as plain text (`claimLetterToText`, from the loader), for Copy. */
  text: string;
  pdfHref: string;
  /** The tool's name in usage events. */
  feature: string;
}) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <div className="no-print mt-3 flex flex-wrap gap-2">
      <a
        href={pdfHref}
        className="btn-primary"
        rel="nofollow"
        onClick={() => track("feature_usage", { feature, action: "download_pdf" })}
      >
        Download PDF
      </a>
      {hydrated ? (
        <>
          <button
            type="button"
            className="btn-outline"
            onClick={() => {
              track("feature_usage", { feature, action: "print" });
              window.print();
            }}
          >
            Print
          </button>
          <button
            type="button"
            className="btn-ghost"
            onClick={() => {
              void navigator.clipboard.writeText(text).then(() => {
                setCopied(true);
                track("feature_usage", { feature, action: "copy" });
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

export function LetterPreview({ letter }: { letter: ClaimLetter }) {
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
