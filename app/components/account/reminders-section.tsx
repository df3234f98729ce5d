import { Form } from "react-router";
import { REMINDER_LEAD_CHOICES } from "~/domain/claims/reminder-leads";
import type { AccountReply } from "~/lib/auth/account-schemas";
import { errorsOf } from "~/lib/http/form";
import { ResultAlert, SubmitButton } from "./account-form";
import { CardSection } from "~/components/card-section";

const LEAD_LABELS: Record<number, string> = {
  72: "3 days before",
  48: "2 days before",
  24: "1 day before",
  6: "6 hours before",
  2: "2 hours before",
  1: "1 hour before",
};

/** When the owner is emailed about claim deadlines (owner only). A plain form post. */
export function RemindersSection({
  settings,
  reply,
}: {
  settings: { leadHours: number[]; dailyDigest: boolean };
  reply?: AccountReply;
}) {
  const own = reply?.intent === "reminders" ? reply : undefined;
  return (
    <CardSection
      id="reminders-heading"
      title="Claim reminders"
      description="Emails before each claim deadline (reporting damage, photos, estimates, escalation, reimbursements), in the trip's local time."
    >
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="reminders" />
        <ResultAlert success={own?.success} error={own ? errorsOf(own.result).form : undefined} />
        <fieldset>
          <legend className="label">Remind me</legend>
          <div className="mt-1 grid gap-2 sm:grid-cols-3">
            {REMINDER_LEAD_CHOICES.map((hours) => (
              <label key={hours} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="leadHours"
                  value={hours}
                  defaultChecked={settings.leadHours.includes(hours)}
                  className="h-4 w-4"
                />
                {LEAD_LABELS[hours]}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="dailyDigest"
            defaultChecked={settings.dailyDigest}
            className="h-4 w-4"
          />
          A morning digest of the next three days&apos; deadlines
        </label>
        <SubmitButton className="btn-primary">Save reminders</SubmitButton>
      </Form>
    </CardSection>
  );
}
