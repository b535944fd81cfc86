/** What the treasury's API files share: their tag, security, error answers and the service. */
import type { Context } from 'hono';
import { ErrorSchema, jsonContent } from './openapi';
import type { AppEnv } from './env';

export const security = [{ bearer: [] }];
export const tags = ['Treasury'];
export const errors = {
  401: jsonContent(ErrorSchema, 'Not signed in'),
  403: jsonContent(ErrorSchema, 'Not the treasurer or an admin (charging: not the treasurer, the secretary or an admin)'),
};
export const waiting = jsonContent(ErrorSchema, 'A registration still waiting: no bank details yet');
export const writeErrors = {
  ...errors,
  404: jsonContent(ErrorSchema, 'Unknown id'),
  409: jsonContent(ErrorSchema, 'Already done (a reversal, a committed line)'),
  422: jsonContent(ErrorSchema, 'Invalid input: `detail` says what'),
};
export const noStore = (c: Context<AppEnv>) => c.header('Cache-Control', 'no-store');
export const treasury = (c: Context<AppEnv>) => c.get('services').treasury;

