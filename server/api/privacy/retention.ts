import { createRoute, z } from '@hono/zod-openapi';
import {
  RetentionLogEntrySchema,
  RetentionPurgeSchema,
  retentionApproveSchema,
  retentionRuleInputSchema,
  retentionRuleParam,
  RetentionRuleSchema,
} from '../../../shared/contracts/retention';
import { mayHandlePersonalData } from '../../policy';
import { ErrorSchema, guardedAnswers, jsonBody, jsonContent } from '../openapi';
import { guardedRouter, mayI } from '../env';

const LEAD_ONLY = 'Not the Data protection lead, the secretary or an admin';
const tags = ['Privacy'];
const security = [{ bearer: [] }];

/**
 * Mounted under /privacy: the retention rules (issue 34, point 5), what is due under each, approving
 * a purge and the log. The Data protection lead, the secretary and admins only.
 */
export const retentionApi = guardedRouter({ '/retention/*': (c, next) => mayI(c, mayHandlePersonalData).then(next), '/retention': (c, next) => mayI(c, mayHandlePersonalData).then(next) })
  .openapi(
    createRoute({
      method: 'get',
      path: '/retention',
      operationId: 'listRetentionRules',
      tags,
      summary: 'The retention rules with their reasons, and what is due for deletion under each now',
      security,
      responses: { 200: jsonContent(z.array(RetentionRuleSchema), 'The rules'), ...guardedAnswers(LEAD_ONLY) },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').retention.rules(c.get('user')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/retention/{key}',
      operationId: 'updateRetentionRule',
      tags,
      summary: "Change a rule's period and whether it purges automatically every night",
      description: "The period is in the rule's unit, within its min and max. Send back the version you loaded: a save from an older version answers 409 naming who saved since and when.",
      security,
      request: { params: retentionRuleParam, body: jsonBody(retentionRuleInputSchema) },
      responses: {
        200: jsonContent(RetentionRuleSchema, 'Saved'),
        ...guardedAnswers(LEAD_ONLY),
        404: jsonContent(ErrorSchema, 'No such rule'),
        409: jsonContent(ErrorSchema, 'Someone saved the rule after you loaded it'),
        422: jsonContent(ErrorSchema, 'A period outside the rule’s bounds'),
      },
    }),
    async (c) => c.json(await c.get('services').retention.save(c.get('user'), c.req.valid('param').key, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/retention/{key}/purge',
      operationId: 'approveRetentionPurge',
      tags,
      summary: 'Approve the purge of everything due under a rule now (logged with who approved it)',
      description: 'Send the number of rows the confirmation named: if the list changed since, 409 and nothing is deleted.',
      security,
      request: { params: retentionRuleParam, body: jsonBody(retentionApproveSchema) },
      responses: {
        200: jsonContent(RetentionPurgeSchema, 'Purged'),
        ...guardedAnswers(LEAD_ONLY),
        404: jsonContent(ErrorSchema, 'No such rule'),
        409: jsonContent(ErrorSchema, 'The list changed since it was shown'),
        422: jsonContent(ErrorSchema, 'Invalid input'),
      },
    }),
    async (c) => c.json(await c.get('services').retention.approve(c.get('user'), c.req.valid('param').key, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/retention/log',
      operationId: 'listRetentionLog',
      tags,
      summary: 'Every purge the retention rules made, newest first (without personal data)',
      security,
      responses: { 200: jsonContent(z.array(RetentionLogEntrySchema), 'The log'), ...guardedAnswers(LEAD_ONLY) },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').retention.log(c.get('user')), 200);
    },
  );
