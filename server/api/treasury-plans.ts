/** /api/treasury: match fees' sources, plans, arrears, the export and the team view (issue 24; split out in issue 31). */
import { createRoute, z } from '@hono/zod-openapi';
import {
  ArrearsSchema,
  arrearsQuerySchema,
  ChargesCreatedSchema,
  exportQuerySchema,
  MatchFeeSourcesSchema,
  PlanSchema,
  planChargeSchema,
  planCreateSchema,
  TeamPaymentsSchema,
} from '../../shared/contracts/treasury';
import { router } from './env';
import { IdParam, jsonBody, jsonContent } from './openapi';
import { errors, noStore, security, tags, treasury, writeErrors } from './treasury-common';

export const treasuryPlansApi = router()
.openapi(
    createRoute({
      method: 'get',
      path: '/match-fee-sources',
      operationId: 'matchFeeSources',
      tags,
      summary: 'What match fees can be charged for: recent fixtures with a published squad, and sessions with attendance recorded',
      security,
      responses: { 200: jsonContent(MatchFeeSourcesSchema, 'Newest first, with how many players each would charge'), ...errors },
    }),
    async (c) => {
      noStore(c);
      return c.json(await treasury(c).matchFeeSources(c.get('user')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/plans',
      operationId: 'listPlans',
      tags,
      summary: 'Payment plans',
      security,
      responses: { 200: jsonContent(z.array(PlanSchema), 'Oldest first'), ...errors },
    }),
    async (c) => {
      noStore(c);
      return c.json(await treasury(c).listPlans(c.get('user')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/plans',
      operationId: 'createPlan',
      tags,
      summary: 'A payment plan: monthly, annual or instalments, with a sibling discount or family cap and prorating for joiners',
      security,
      request: { body: jsonBody(planCreateSchema) },
      responses: { 201: jsonContent(PlanSchema, 'Created'), ...writeErrors },
    }),
    async (c) => c.json(await treasury(c).createPlan(c.get('user'), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/plans/{id}/charges',
      operationId: 'chargePlan',
      tags,
      summary: 'Make a plan’s charges for its team (or the members named); again adds only what is missing',
      security,
      request: { params: IdParam, body: jsonBody(planChargeSchema) },
      responses: { 201: jsonContent(ChargesCreatedSchema, 'Charged'), ...writeErrors },
    }),
    async (c) => c.json(await treasury(c).chargePlan(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/arrears',
      operationId: 'arrears',
      tags,
      summary: 'What was due and unpaid on a day: 0-30, 31-60 and 60+ days overdue, by team and by payer',
      security,
      request: { query: arrearsQuerySchema },
      responses: { 200: jsonContent(ArrearsSchema, 'Pence in arrears'), ...errors, 422: writeErrors[422] },
    }),
    async (c) => {
      noStore(c);
      return c.json(await treasury(c).arrears(c.get('user'), c.req.valid('query')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/export.csv',
      operationId: 'exportLedger',
      tags,
      summary: 'The ledger as CSV, by category, team and season, with totals that reconcile to the penny',
      security,
      request: { query: exportQuerySchema },
      responses: {
        200: {
          content: { 'text/csv': { schema: z.string() } },
          description: 'One row per ledger entry, then the totals of charges, payments, credits and reversals, and their sum',
        },
        ...errors,
        422: writeErrors[422],
      },
    }),
    async (c) => {
      const csv = await treasury(c).exportCsv(c.get('user'), c.req.valid('query'));
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="club-ledger.csv"',
        'Cache-Control': 'no-store',
      });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/teams/{id}/paid',
      operationId: 'teamPaidUp',
      tags,
      summary: 'Who in a team is paid up (its staff, the treasurer): yes or no only, no amounts',
      security,
      request: { params: IdParam },
      responses: { 200: jsonContent(TeamPaymentsSchema, 'Paid up or not, per player'), ...errors, 404: writeErrors[404] },
    }),
    async (c) => {
      noStore(c);
      return c.json(await treasury(c).teamPaidUp(c.get('user'), c.req.valid('param').id), 200);
    },
  );
