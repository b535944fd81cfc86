import { Form } from 'react-router';
import type { Collectors } from '../../shared/contracts/match-day';
import { OTHERS_WHO_MAY_COLLECT_MAX } from '../../shared/match-day';
import { formatDateTime } from '../../shared/dates';
import { PortalSection } from './portal';
import { Button } from './ui/button';
import { FormMessage, TextAreaField } from './ui/field';

type Result = { ok: true } | { ok: false; error: string; fieldErrors?: Record<string, string> } | null;

/**
 * Who may collect a child (issue 31): their parents and carers always, and anyone else a parent or
 * carer names here. The team's staff see it on the match-day card.
 */
export function CollectorsSection({
  first,
  collectors,
  canAnswer,
  result,
  busy,
}: {
  first: string;
  collectors: Omit<Collectors, 'player_id'>;
  canAnswer: boolean;
  result: Result;
  busy: boolean;
}) {
  const names = collectors.guardians.map((g) => g.name).join(', ');
  return (
    <PortalSection
      title={`Who may collect ${first}`}
      description={`${first}’s parents and carers (${names || 'none linked yet'}) may always collect them. Name anyone else who may: ${first}’s coaches see this on their match-day card.`}
    >
      {collectors.set_by_name && collectors.updated_at && (
        <p className="text-sm text-muted">
          Last changed by {collectors.set_by_name} on {formatDateTime(collectors.updated_at)}.
        </p>
      )}
      {result?.ok && <FormMessage tone="success">Saved: the team’s staff see this now.</FormMessage>}
      {result && !result.ok && <FormMessage>{result.error}</FormMessage>}
      {canAnswer ? (
        <Form method="post" className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-line">
          <input type="hidden" name="intent" value="collectors" />
          <TextAreaField
            label="Others who may collect"
            name="others"
            defaultValue={collectors.others}
            maxLength={OTHERS_WHO_MAY_COLLECT_MAX}
            hint="For example: “Grandma (Asha Shah) or our neighbour Tom Green”. Leave it empty if only parents and carers may collect."
            error={result && !result.ok ? result.fieldErrors?.others : undefined}
          />
          <Button type="submit" disabled={busy}>
            Save who may collect
          </Button>
        </Form>
      ) : (
        <p className="rounded-2xl bg-white p-4 text-sm text-ink ring-1 ring-line">
          {collectors.others ? `Also: ${collectors.others}` : 'Nobody else is named.'}{' '}
          <span className="text-muted">{first}’s primary or secondary parent or carer can change this.</span>
        </p>
      )}
    </PortalSection>
  );
}
