import { z } from '@hono/zod-openapi';
import { PRIVACY_REQUEST_TYPES } from '../privacy';

/** The admin panel's dashboard: the counts and the "Today" list (ADR 027). */

export const AdminDashboardSchema = z
  .object({
    orders: z.number().int(),
    players: z.number().int().openapi({ description: 'Members in good standing (not pending, not left)' }),
    products: z.number().int(),
    fixtures: z.number().int(),
    join_us: z.number().int(),
    sponsors: z.number().int(),
    needs_initialization: z.boolean(),
    users_count: z.number().int(),
    products_count: z.number().int(),
    news_count: z.number().int(),
    fixtures_count: z.number().int(),
    today: z
      .object({
        pending_orders: z.number().int(),
        join_us: z.number().int().openapi({ description: 'Join-us submissions waiting (they are deleted once dealt with)' }),
        registrations: z
          .number()
          .int()
          .nullable()
          .openapi({ description: 'Registrations waiting for approval (GET /api/admin/registrations); null for those who do not decide them' }),
        parent_requests: z.number().int().nullable().openapi({
          description: '"I am a parent or carer" requests waiting (GET /api/guardian-requests); null for those who do not decide them (issue 31)',
        }),
        results_to_enter: z
          .array(
            z.object({
              id: z.string().uuid(),
              team: z.string(),
              away_team: z.string(),
              is_home: z.boolean(),
              match_date: z.string(),
              match_time: z.string(),
            }),
          )
          .openapi({ description: 'Fixtures played (kick-off at least two hours ago), not cancelled, without both scores; oldest first' }),
        outstanding_payments: z
          .object({
            payments: z.number().int(),
            amount: z.number(),
            players: z.array(
              z.object({ player_id: z.string().uuid(), full_name: z.string(), payments: z.number().int(), amount: z.number(), overdue: z.boolean() }),
            ),
          })
          .nullable()
          .openapi({ description: 'Unpaid (outstanding or overdue) payments by player; null for staff, who do not see payments' }),
        match_week: z
          .array(
            z.object({
              fixture_id: z.string().uuid(),
              team: z.string(),
              away_team: z.string(),
              is_home: z.boolean(),
              match_date: z.string(),
              match_time: z.string(),
              available: z.number().int(),
              maybe: z.number().int(),
              unavailable: z.number().int(),
              no_answer: z.number().int(),
              selected: z.number().int(),
              confirmed: z.number().int(),
              published: z.boolean(),
            }),
          )
          .openapi({ description: "The next 7 days' fixtures of the teams you run, with live answer and confirmation counts (issue 22)" }),
        dbs_checks: z.array(z.string()).nullable().openapi({
          description:
            'Junior teams\' staff whose DBS check is missing, expired or expires within 60 days, as sentences ("Jo Bloggs\'s DBS check expires on 3 January 2027"; an expired one adds ": suspended from U9 Wrens", issue 31); null for those who do not look after checks (issue 23)',
        }),
        retention_due: z.number().int().nullable().openapi({
          description: 'Records past their retention period, waiting for approval on /admin/privacy/retention (issue 34); null for those who do not handle personal data',
        }),
        privacy_requests: z
          .array(
            z.object({
              id: z.string().uuid(),
              subject_name: z.string(),
              type: z.enum(PRIVACY_REQUEST_TYPES),
              due_on: z.string(),
              days_left: z.number().int(),
              overdue: z.boolean(),
            }),
          )
          .nullable()
          .openapi({
            description:
              'Open personal-data requests due within 7 days or overdue, soonest first (issue 34); null for those who do not handle personal data (the data protection lead, the secretary, admins)',
          }),
        first_steps: z
          .object({
            teams: z.boolean().openapi({ description: 'The club has a team (Add your teams: /admin/teams)' }),
            fixture: z.boolean().openapi({ description: 'The club has a fixture (Add your first fixture: /admin/fixtures)' }),
            kit: z.boolean().openapi({ description: 'The shop has a product (Add your kit: /admin/products)' }),
            committee: z.boolean().openapi({ description: 'Someone besides the first admin holds a club role (Invite your committee: /admin/roles)' }),
          })
          .nullable()
          .openapi({
            description:
              "A new club's first steps (issue 33), each true once the club's data shows it done (not a stored flag); the page hides the list when all are. Null for those who are not admins",
          }),
      })
      .openapi({ description: 'The admin\'s "Today" list (ADR 027)' }),
  })
  .openapi('AdminDashboard');
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;
