import type { FamilyHome as Family } from '../../../shared/contracts/family';
import { PortalSection } from '../portal';
import { FamilyChildren } from './family-children';
import { FamilyAdd, FamilyCalendar, FamilyPhone, WaitingRequests, type FamilyResult } from './family-extras';
import { FamilyMoney } from './family-money';

/**
 * A parent's family home (issue 31): each child's next events with their answers, what the family
 * owes and how to pay, the requests waiting, the family calendar, adding a child or the other
 * parent, and the parent's own phone number.
 */
export function FamilyHome({ family, teams, result, member }: { family: Family; teams: ReadonlyArray<{ id: string; name: string }>; result: FamilyResult; member: boolean }) {
  const names = family.children.map((c) => c.full_name.split(' ')[0]);
  return (
    <PortalSection
      title="My family"
      description={names.length ? `What’s next for ${names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]}, and what to do.` : undefined}
    >
      <WaitingRequests requests={family.requests} />
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="min-w-0">
          <FamilyChildren children={family.children} />
        </div>
        <div className="min-w-0 space-y-6">
          {family.money && <FamilyMoney money={family.money} />}
          {family.children.length > 0 && <FamilyCalendar since={family.calendar_link_since} result={result} />}
          <FamilyAdd children={family.children} teams={teams} result={result} />
          {/* A member's own phone number is on My Profile. */}
          {!member && <FamilyPhone phone={family.phone} result={result} />}
        </div>
      </div>
    </PortalSection>
  );
}
