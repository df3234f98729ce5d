/** Shown on every signed-in page while a payment is past due: until when, and where to fix it. */
import { Link } from "react-router";
import { useFormat } from "~/lib/ui/preferences";

export function PastDueBanner({
  graceEndsAt,
  upgradeUrl,
}: {
  graceEndsAt: string | null;
  upgradeUrl: string;
}) {
  const { day } = useFormat();
  return (
    <div role="alert" className="border-b border-red-200 bg-red-50">
      <p className="container-page py-3 text-sm text-red-900">
        <strong>Your last payment didn&apos;t go through.</strong>{" "}
        {graceEndsAt
          ? `Your plan's features keep working until ${day(graceEndsAt)}; update your payment method before then.`
          : "Claims and the inbox are read-only until the payment goes through."}{" "}
        <Link to={upgradeUrl} className="font-semibold underline">
          Fix the payment
        </Link>
      </p>
    </div>
  );
}
