/** The access matrix (issue 30): money and the mail outbox. */
import { ADMIN, CHARGERS, day, MONEY, row, unique, type Row } from './personas';

export const MONEY_ROWS: Row[] = [
  // --- Money ---
  row('POST /api/treasury/imports', { form: { file: 'csv' }, allow: MONEY }),
  row('GET /api/treasury/imports/{id}', { params: { id: 'importId' }, allow: MONEY }),
  row('POST /api/treasury/imports/{id}/commit', { fresh: 'statement', allow: MONEY }),
  row('GET /api/treasury/lines', { allow: MONEY }),
  row('POST /api/treasury/lines/{id}/allocate', { fresh: 'line', body: (b) => ({ payer_id: b.x.playerUser }), allow: MONEY, ok: [409, 422] }),
  row('POST /api/treasury/lines/{id}/ignore', { fresh: 'line', body: { reason: 'Transfer between our own accounts' }, allow: MONEY }),
  row('POST /api/treasury/lines/{id}/reversal', {
    fresh: 'line',
    body: { reason: 'Entered in error' },
    allow: MONEY,
    ok: [409],
    why: 'nothing allocated yet: 409',
  }),
  row('GET /api/treasury/payers', { allow: MONEY }),
  row('GET /api/treasury/payers/{id}', { params: { id: 'playerUser' }, allow: [...MONEY, 'player'], why: 'the treasurer, and the payer their own account' }),
  row('GET /api/treasury/charges', { allow: MONEY }),
  row('POST /api/treasury/charges', {
    body: (b) => ({ category: 'kit', description: 'Training top', amount_pence: 1500, due_date: day(20), member_id: b.x.playerMember }),
    allow: CHARGERS,
  }),
  row('POST /api/treasury/charges', {
    body: (b) => ({ category: 'kit', description: 'Club socks', amount_pence: 500, due_date: day(20), team_ids: [b.x.u12, b.x.senior] }),
    allow: CHARGERS,
    why: 'several teams at once',
  }),
  row('POST /api/treasury/charges/{id}/reversal', { fresh: 'charge', body: { reason: 'Charged twice' }, allow: MONEY }),
  row('POST /api/treasury/match-fees', {
    body: (b) => ({ fixture_id: b.x.seniorFixture, amount_pence: 500, due_date: day(20) }),
    allow: CHARGERS,
    ok: [409, 422],
  }),
  row('GET /api/treasury/match-fee-sources', { allow: CHARGERS }),
  row('GET /api/treasury/plans', { allow: CHARGERS, why: 'to charge a plan' }),
  row('POST /api/treasury/plans', { body: () => ({ name: `Plan ${unique()}`, kind: 'annual', amount_pence: 12000, first_due_date: day(30) }), allow: MONEY }),
  row('POST /api/treasury/plans/{id}/charges', { params: { id: 'plan' }, body: (b) => ({ member_ids: [b.x.playerMember] }), allow: CHARGERS, ok: [409] }),
  row('GET /api/treasury/arrears', { allow: MONEY }),
  row('GET /api/treasury/export.csv', { allow: MONEY }),
  row('GET /api/treasury/teams/{id}/paid', {
    params: { id: 'senior' },
    allow: [...MONEY, 'coachSenior', 'secretary'],
    why: 'who has paid: the treasurer and the team’s runners',
  }),

  // --- Mail outbox ---
  row('GET /api/admin/outbox', { allow: ADMIN }),
  row('POST /api/admin/outbox/{id}/retry', { params: { id: 'outbox' }, allow: ADMIN, ok: [409] }),
  row('POST /api/admin/outbox/test', { body: { to: 'club-admin@example.org' }, allow: ADMIN, ok: [502, 503], why: 'no mail server in this test: 503' }),
];
