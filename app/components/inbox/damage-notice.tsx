import { Link } from "react-router";
import { marketplace } from "~/config/marketplace";
import { useFormat } from "~/lib/ui/preferences";

/** The guest mentioned damage: when it must be reported, and the way to start the claim. */
export function DamageNotice({ by, tripId }: { by: string; tripId: string | null }) {
  const { dateTime } = useFormat();
  return (
    <section
      aria-labelledby="damage-notice-title"
      className="rounded-xl border border-red-300 bg-red-50 p-4 sm:p-6"
    >
      <h2 id="damage-notice-title" className="text-lg font-semibold text-red-950">
        Damage mentioned
      </h2>
      <p className="mt-1 text-sm text-red-950">
        Report it in {marketplace.name}&apos;s claims center by <strong>{dateTime(by)}</strong>: 24
        hours from the guest&apos;s message, or from the trip&apos;s end if that came first.
      </p>
      {tripId ? (
        <p className="mt-3">
          <Link to={`/dashboard/claims/new?tripId=${tripId}`} className="btn-primary">
            Start a damage claim for this trip
          </Link>
        </p>
      ) : (
        <p className="mt-1 text-sm text-red-950">
          Import the trip (or add it by hand) to start a claim with its deadlines.
        </p>
      )}
    </section>
  );
}
