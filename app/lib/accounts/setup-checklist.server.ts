/**
 * What the dashboard's setup checklist ticks by: one query of EXISTS checks on the account's
 * own rows (each uses an index led by the account id), cheap enough for every dashboard view.
 */
import { sql } from "drizzle-orm";
import { setupChecklist, type SetupFacts } from "~/domain/setup-checklist";
import { db } from "~/lib/runtime/db.server";

export function accountSetupFacts(accountId: string, now: number = Date.now()): SetupFacts {
  const row = db().get<Record<keyof SetupFacts, number>>(sql`
    select
      exists(select 1 from vehicles where account_id = ${accountId}) as hasVehicles,
      exists(select 1 from trips where account_id = ${accountId}) as hasTrips,
      exists(select 1 from inbound_emails where account_id = ${accountId}) as hasForwardedEmail,
      exists(select 1 from knowledge_entries where account_id = ${accountId}) as hasKnowledge,
      (exists(select 1 from memberships where account_id = ${accountId} and role <> 'primary')
        or exists(select 1 from invitations where account_id = ${accountId}
          and (accepted_at is not null or expires_at > ${now}))) as hasTeam
  `);
  return {
    hasVehicles: Boolean(row.hasVehicles),
    hasTrips: Boolean(row.hasTrips),
    hasForwardedEmail: Boolean(row.hasForwardedEmail),
    hasKnowledge: Boolean(row.hasKnowledge),
    hasTeam: Boolean(row.hasTeam),
  };
}

/** The dashboard's checklist for this account, or null once set up. */
export function accountSetupChecklist(accountId: string) {
  return setupChecklist(accountSetupFacts(accountId));
}
