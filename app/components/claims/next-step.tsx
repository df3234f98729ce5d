import { Link } from "react-router";
import type { NextStep } from "~/domain/claims/next-step";

const TONES = {
  urgent: "border-red-300 bg-red-50 text-red-950",
  todo: "border-amber-300 bg-amber-50 text-amber-950",
  wait: "border-sky-200 bg-sky-50 text-sky-950",
  done: "border-emerald-300 bg-emerald-50 text-emerald-950",
} as const;

/** The one thing to do now, at the top of the claim page, with the link that does it. */
export function NextStepBox({
  step,
  estimateHref,
}: {
  step: NextStep;
  /** The estimate tool for this claim's car and trip. */
  estimateHref: string;
}) {
  const byAction: Record<string, Array<{ to: string; label: string }>> = {
    update: [{ to: "#claim-change", label: "Update the claim" }],
    estimate: [
      { to: estimateHref, label: "Make an estimate" },
      { to: "#claim-change", label: "Enter the amount" },
    ],
    drafts: [{ to: "#claim-drafts", label: "Open the drafts" }],
    packet: [{ to: "#claim-packet", label: "Share the evidence packet" }],
    evidence: [{ to: "#claim-evidence", label: "See the evidence check" }],
  };
  const links = step.action ? (byAction[step.action] ?? []) : [];
  return (
    <section
      aria-labelledby="next-step"
      className={`rounded-2xl border p-4 sm:p-5 ${TONES[step.tone]}`}
    >
      <p className="text-xs font-semibold tracking-wide uppercase">Next step</p>
      <h2 id="next-step" className="mt-1 text-lg font-semibold">
        {step.title}
      </h2>
      <p className="mt-1 text-sm">{step.text}</p>
      {links.length > 0 ? (
        <p className="mt-3 flex flex-wrap gap-2">
          {links.map((link) =>
            link.to.startsWith("#") ? (
              <a key={link.to} href={link.to} className="btn-outline bg-white">
                {link.label}
              </a>
            ) : (
              <Link key={link.to} to={link.to} className="btn-primary">
                {link.label}
              </Link>
            ),
          )}
        </p>
      ) : null}
    </section>
  );
}
