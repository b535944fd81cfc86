/** A personal-data request written straight into the database (issue 34), for tests that need one to act on. */
import type { Db } from '../../server/db/client';
import { privacyRequests } from '../../server/db/schema';

export async function privacyRequestAbout(
  t: { db: Db },
  subject: { player_id?: string | null; user_id?: string | null; include_children?: boolean },
  name = 'The subject',
): Promise<string> {
  const [row] = await t.db
    .insert(privacyRequests)
    .values({
      type: 'access',
      player_id: subject.player_id ?? null,
      user_id: subject.user_id ?? null,
      include_children: subject.include_children ?? false,
      subject_name: name,
      requested_by_name: name,
      relationship: 'self',
      received_on: '2026-01-05',
      due_on: '2026-02-05',
      recorded_by_name: 'Sam Secretary',
    })
    .returning({ id: privacyRequests.id });
  return row.id;
}
