/** Fresh targets for the access matrix: one per request for writes that use theirs up (tests/support/personas.ts). */
import { eq } from 'drizzle-orm';
import { guardians, outbox } from '../../server/db/schema';
import { bornYearsAgo } from './ages';
import { isoDay, tag, type ClubHost, type Must, type People, type Targets } from './persona-makers';
import { starlingCsv } from './treasury';

export const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

/** Fresh things for writes that use theirs up (delete, approve, leave...): one per request. Each returns its path parameters. */
export function makeFactories(t: ClubHost, adminToken: string, x: Targets, member: People['member'], must: Must, parentToken: () => string) {
  const token = adminToken;
  const id = (body: { id: string }) => ({ id: body.id });
  const fixture = async (team: string) =>
    id(
      await must<{ id: string }>('fixture', '/api/fixtures', {
        token,
        body: {
          team_id: team,
          away_team: `Opponents ${tag()}`,
          match_date: isoDay(10),
          match_time: '10:00',
          venue: 'Riverside Park',
          competition: 'League',
          is_home: true,
        },
      }),
    );
  const slot = async (team: string) =>
    id(
      await must<{ id: string }>('training slot', `/api/teams/${team}/training-slots`, {
        token,
        body: { weekday: 4, start_time: '18:00', end_time: '19:00', place: 'Riverside Park' },
      }),
    );
  const session = async (team: string) =>
    id(
      await must<{ id: string }>('training session', '/api/training-sessions', {
        token,
        body: { team_id: team, date: isoDay(5), start_time: '18:00', end_time: '19:00', place: 'Riverside Park' },
      }),
    );
  async function document(playerId?: string) {
    const form = new FormData();
    form.set('title', `Rules ${tag()}`);
    if (playerId) form.set('player_id', playerId);
    form.set('file', new File([PDF as BlobPart], 'rules.pdf', { type: 'application/pdf' }));
    const response = await t.request('/api/documents', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const body = (await response.json()) as { id: string };
    if (response.status !== 201) throw new Error(`club set-up: document ${response.status} ${JSON.stringify(body)}`);
    return { id: body.id };
  }
  const order = async (productId = x.product!) => {
    const body = await must<any>('order', '/api/orders', {
      body: { product_id: productId, quantity: 1, customer_name: 'Robin Buyer', customer_email: `robin_${tag()}@example.com`, customer_phone: '07700 900123' },
    });
    const receipt = typeof body.receipt_url === 'string' ? body.receipt_url : JSON.stringify(body);
    return { id: body.id as string, token: (body.receipt_token ?? body.token ?? /receipt\/([^/?"]+)/.exec(receipt)?.[1] ?? '') as string };
  };
  return {
    ...peopleFactories(t, token, x, member, must, parentToken),
    ...moneyFactories(t, token, x, must),
    fixture,
    slot,
    session,
    document,
    order,
    u12Fixture: () => fixture(x.u12!),
    seniorFixture: () => fixture(x.senior!),
    u12Slot: () => slot(x.u12!),
    u12Session: () => session(x.u12!),
    team: async () => id(await must<{ id: string }>('team', '/api/teams', { token, body: { name: `Vets ${tag()}`, age_group: 'Veterans', format: '11v11' } })),
    juniorTeam: async () => {
      const name = `U10 Owls ${tag()}`;
      return { id: (await must<{ id: string }>('junior team', '/api/teams', { token, body: { name, age_group: 'U10', format: '7v7' } })).id, name };
    },
    news: async () =>
      id(
        await must<{ id: string }>('news', '/api/news', { token, body: { title: `Club news ${tag()}`, content: 'Fun day on Saturday.', is_published: true } }),
      ),
    sponsor: async () =>
      id(
        await must<{ id: string }>('sponsor', '/api/sponsors', {
          token,
          body: { name: `Sponsor ${tag()}`, logo_url: '/images/seed/bar-scarf.svg', category: 'Local business' },
        }),
      ),
    product: async () =>
      id(
        await must<{ id: string }>('product', '/api/products', {
          token,
          body: {
            name: `Mug ${tag()}`,
            description: 'A club mug.',
            category: 'Gifts',
            price: 8.5,
            stock: 50,
            sizes: [],
            images: ['/images/seed/bar-scarf.svg'],
          },
        }),
      ),
    joinUs: async () =>
      id(
        await must<{ id: string }>('join us', '/api/join-us', {
          body: {
            full_name: 'Jo Keen',
            email: `jo_${tag()}@example.com`,
            phone_number: '07700 900123',
            message: 'I would like to play.',
            interest_types: ['player'],
          },
        }),
      ),
  };
}

/** Fresh people: members, registrations, role holders, guardians' links. */
function peopleFactories(t: ClubHost, token: string, x: Targets, member: People['member'], must: Must, parentToken: () => string) {
  const id = (body: { id: string }) => ({ id: body.id });
  const freshMember = async () => {
    const m = await member(`Mo Member ${tag()}`);
    return { id: m.playerId, user_id: m.userId };
  };
  return {
    /** An adult member in the Senior team, with a login (to leave, delete, edit, grant...). */
    member: freshMember,
    /** A member record with no login (to make one for). */
    record: async () =>
      id(await must<{ id: string }>('record', '/api/players', { token, body: { full_name: `Rec Ord ${tag()}`, position: 'Defender', team_type: 'Senior' } })),
    /** A member who left the club (to come back). */
    leftMember: async () => {
      const m = await freshMember();
      await must('leave', `/api/players/${m.id}/leave`, { token, body: {} });
      return m;
    },
    /** A registration waiting for approval. */
    registration: async () => ({ id: (await member(`Reg Waiting ${tag()}`, { pending: true })).playerId }),
    /** A registration, and a record holding a staff place it could be linked onto (finding 7). */
    registrationOntoStaff: async () => {
      const staff = await id(
        await must<{ id: string }>('record', '/api/players', { token, body: { full_name: `Stella Staff ${tag()}`, position: 'Staff', team_type: 'Staff' } }),
      );
      await must('team staff', '/api/admin/team-staff', { method: 'PUT', token, body: { player_id: staff.id, team_id: x.senior, role: 'assistant' } });
      return { id: (await member(`Stella Staff ${tag()}`, { pending: true })).playerId, link: staff.id };
    },
    /** A member holding the treasurer role (to take it away). */
    roleHolder: async () => {
      const m = await member(`Rory Role ${tag()}`, { team: null });
      await must('club role', '/api/admin/club-roles', { token, body: { user_id: m.userId, role: 'treasurer' } });
      return { user_id: m.userId, role: 'treasurer' };
    },
    /** An assistant of the Senior team (to take the place away). */
    staffPlace: async () => {
      const m = await member(`Stan Staff ${tag()}`, { team: null });
      await must('team staff', '/api/admin/team-staff', { method: 'PUT', token, body: { player_id: m.playerId, team_id: x.senior, role: 'assistant' } });
      return { team_id: x.senior!, player_id: m.playerId };
    },
    invitation: async (playerId = x.child9!) => {
      const email = `invited_${tag()}@example.com`;
      await must('invitation', '/api/guardian-invitations', { token, body: { player_id: playerId, email, level: 'secondary', relationship: 'Aunt' } });
      const mails = await t.db.select().from(outbox).where(eq(outbox.to_address, email));
      const found = mails.map((m) => /guardian-invitation\?token=([A-Za-z0-9_-]+)/.exec(m.text_body)?.[1]).find(Boolean);
      if (!found) throw new Error('club set-up: no invitation link was mailed');
      return { token: found };
    },
    /** A member whose login the club switched off (to switch back on). */
    switchedOffMember: async () => {
      const m = await freshMember();
      await must('switch off', `/api/admin/logins/${m.user_id}/switch-off`, { token, body: { reason: 'Asked us to pause their account' } });
      return m;
    },
    /** A parent's link to a child, made by approving their request (to remove). */
    guardianLink: async () => {
      const request = await must<{ id: string }>('guardian request', '/api/guardian-requests', {
        token: parentToken(),
        // The parent names the junior team; approving a new child needs one (issue 31).
        body: { child_name: `Robin Linked ${tag()}`, child_date_of_birth: bornYearsAgo(8), relationship: 'Mother', message: 'Please link me.', team_id: x.u9 },
      });
      const approved = await must<{ player_id: string }>('approve', `/api/guardian-requests/${request.id}/approve`, { token, body: { level: 'primary' } });
      const [link] = await t.db.select({ user_id: guardians.user_id }).from(guardians).where(eq(guardians.player_id, approved.player_id));
      return { id: approved.player_id, user_id: link!.user_id };
    },
    guardianRequest: async (by = parentToken()) =>
      id(
        await must<{ id: string }>('guardian request', '/api/guardian-requests', {
          token: by,
          body: { child_name: `Robin Small ${tag()}`, child_date_of_birth: bornYearsAgo(8), relationship: 'Mother', message: 'Please link me.' },
        }),
      ),
  };
}

/** Fresh money: charges, plans, statements and their bank lines. */
function moneyFactories(t: ClubHost, token: string, x: Targets, must: Must) {
  const id = (body: { id: string }) => ({ id: body.id });
  const statementRow = () => ({ date: isoDay(-3), counterparty: `Payer ${tag()}`, reference: `REF${tag()}`, pence: 2500 });
  async function statement(rows = [statementRow()]) {
    const form = new FormData();
    form.append('file', new File([starlingCsv(rows)], 'statement.csv', { type: 'text/csv' }));
    const response = await t.request('/api/treasury/imports', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const body = (await response.json()) as { id: string };
    if (response.status !== 201) throw new Error(`club set-up: statement import ${response.status} ${JSON.stringify(body)}`);
    return { id: body.id };
  }
  return {
    statement,
    charge: async (playerId = x.playerMember!) => {
      const b = await must<any>('charge', '/api/treasury/charges', {
        token,
        body: { category: 'subs', description: `Subs ${tag()}`, amount_pence: 2500, due_date: isoDay(20), member_id: playerId },
      });
      return { id: (b.id ?? b.charges?.[0]?.id ?? b[0]?.id) as string };
    },
    plan: async () =>
      id(
        await must<{ id: string }>('plan', '/api/treasury/plans', {
          token,
          body: { name: `Plan ${tag()}`, kind: 'annual', amount_pence: 12000, first_due_date: isoDay(30) },
        }),
      ),
    /** A bank line waiting to be allocated: a one-line statement imported and committed. */
    line: async () => {
      const row = statementRow();
      const imported = await statement([row]);
      await must('commit', `/api/treasury/imports/${imported.id}/commit`, { token, method: 'POST' });
      const lines = await must<any[]>('lines', '/api/treasury/lines', { token });
      const line = lines.find((l: any) => JSON.stringify(l).includes(row.reference) || JSON.stringify(l).includes(row.counterparty));
      if (!line) throw new Error('club set-up: the committed line is not listed');
      return { id: line.id as string };
    },
  };
}
