import { getFormProps, getTextareaProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { FormErrors } from "~/components/form-field";
import { formatCents } from "~/domain/money";
import { useSchemaForm } from "~/lib/http/form";
import { endShiftSchema, type ConciergeReply } from "~/lib/concierge/concierge-schemas";
import { useFormat } from "~/lib/ui/preferences";

export interface ShiftState {
  open: { id: string; startedAt: string } | null;
  handover: { note: string | null; endedAt: string } | null;
  today: Array<{
    tripId: string;
    event: "start" | "return";
    at: string;
    account: string;
    guestName: string | null;
    reservationId: string;
  }>;
  waiting: number;
}

/** A VA's shift: start it, read the handover and today's trips, end it with a note. */
export function ShiftPanel({ shift, reply }: { shift: ShiftState; reply?: ConciergeReply }) {
  const { dateTime } = useFormat();
  const busy = useNavigation().state === "submitting";
  const own = reply?.intent === "end-shift" ? reply.result : undefined;
  const [form, fields] = useSchemaForm(endShiftSchema, own, { id: "end-shift" });
  const startError = reply?.intent === "start-shift" ? reply.result.error?.[""]?.[0] : undefined;
  return (
    <div className="space-y-4 text-sm">
      {shift.handover ? (
        <div className="rounded-xl bg-slate-50 p-3">
          <p className="font-semibold text-slate-900">
            Last handover note ({dateTime(shift.handover.endedAt)})
          </p>
          <p className="mt-1 whitespace-pre-line text-slate-800">{shift.handover.note}</p>
        </div>
      ) : (
        <p className="text-slate-700">No handover note yet.</p>
      )}
      {shift.open ? (
        <>
          <p className="text-slate-800">
            On shift since {dateTime(shift.open.startedAt)}.{" "}
            {shift.waiting === 1
              ? "1 guest is waiting for an answer."
              : `${shift.waiting} guests are waiting for an answer.`}
          </p>
          <div>
            <h3 className="font-semibold text-slate-900">Today&apos;s trip starts and returns</h3>
            {shift.today.length === 0 ? (
              <p className="mt-1 text-slate-700">None today.</p>
            ) : (
              <ul className="mt-1 list-disc space-y-1 pl-5">
                {shift.today.map((entry) => (
                  <li key={`${entry.tripId}-${entry.event}`}>
                    {entry.event === "start" ? "Starts" : "Returns"} {dateTime(entry.at)}:{" "}
                    <Link
                      to={`/dashboard/trip/${entry.tripId}`}
                      className="text-brand-700 underline"
                    >
                      {entry.guestName ?? "Guest"}, trip {entry.reservationId}
                    </Link>{" "}
                    ({entry.account})
                  </li>
                ))}
              </ul>
            )}
          </div>
          <Form method="post" {...getFormProps(form)} className="space-y-2">
            <input type="hidden" name="intent" value="end-shift" />
            <FormErrors form={form} />
            <label htmlFor={fields.handoverNote.id} className="label">
              Handover note for the next shift
            </label>
            <textarea
              {...getTextareaProps(fields.handoverNote)}
              key={fields.handoverNote.key}
              rows={3}
              className="input"
              aria-invalid={fields.handoverNote.errors ? true : undefined}
              aria-describedby={
                fields.handoverNote.errors ? fields.handoverNote.errorId : undefined
              }
            />
            {fields.handoverNote.errors ? (
              <p id={fields.handoverNote.errorId} className="field-error">
                {fields.handoverNote.errors[0]}
              </p>
            ) : null}
            <button type="submit" className="btn-primary" disabled={busy}>
              End shift
            </button>
          </Form>
        </>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="start-shift" />
          {startError ? (
            <p role="alert" className="mb-2 rounded-lg bg-red-50 px-3 py-2 text-red-800">
              {startError}
            </p>
          ) : null}
          <button type="submit" className="btn-primary" disabled={busy}>
            Start shift
          </button>
        </Form>
      )}
    </div>
  );
}

export interface ShiftReportView {
  startedAt: string;
  endedAt: string | null;
  handoverNote: string | null;
  messagesHandled: number;
  itemsDone: number;
  moneyRecoveredCents: number;
  stillOpen: ReportLine[];
  redFlags: ReportLine[];
  nextShiftDeadlines: ReportLine[];
}
interface ReportLine {
  id: string;
  title: string;
  deadlineAt: string;
}

function Lines({ title, lines, empty }: { title: string; lines: ReportLine[]; empty: string }) {
  const { dateTime } = useFormat();
  return (
    <div>
      <h3 className="font-semibold text-slate-900">
        {title} ({lines.length})
      </h3>
      {lines.length === 0 ? (
        <p className="mt-1 text-slate-700">{empty}</p>
      ) : (
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {lines.map((line) => (
            <li key={line.id} className="break-words">
              {line.title} (due {dateTime(line.deadlineAt)})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The end-of-shift report, read from the activity log. */
export function ShiftReport({ report }: { report: ShiftReportView }) {
  const { dateTime } = useFormat();
  return (
    <div className="space-y-4 text-sm">
      <p className="text-slate-700">
        {dateTime(report.startedAt)} to {report.endedAt ? dateTime(report.endedAt) : "now"}
      </p>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {[
          ["Messages handled", String(report.messagesHandled)],
          ["Items done", String(report.itemsDone)],
          ["Money recovered", formatCents(report.moneyRecoveredCents)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 p-3">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-xl font-bold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <Lines title="Red flags" lines={report.redFlags} empty="No overdue items or escalations." />
      <Lines title="Still open" lines={report.stillOpen} empty="Nothing left open." />
      <Lines
        title="Deadlines in the next shift (12 hours)"
        lines={report.nextShiftDeadlines}
        empty="No deadlines in the next 12 hours."
      />
      {report.handoverNote ? (
        <div>
          <h3 className="font-semibold text-slate-900">Handover note</h3>
          <p className="mt-1 whitespace-pre-line text-slate-800">{report.handoverNote}</p>
        </div>
      ) : null}
    </div>
  );
}
