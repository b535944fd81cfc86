import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { newsInputSchema, sponsorInputSchema } from '../../shared/content';
import { playerInputSchema } from '../../shared/contracts/players';
import { createTestContext } from '../../tests/support/api';

const t = await createTestContext();

const run = promisify(execFile);
const REDOCLY = path.resolve('node_modules/.bin/redocly');
const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'club-openapi-'));
afterAll(() => fs.rm(tmp, { recursive: true, force: true }));

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location?: { pointer?: string }[];
}

/** Every `pattern` in the document, with the JSON pointer where it sits. */
function patternsOf(node: unknown, pointer = '#'): { pointer: string; pattern: string }[] {
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => {
    const here = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if (key === 'pattern' && typeof value === 'string') return [{ pointer: here, pattern: value }];
    return patternsOf(value, here);
  });
}

describe('GET /api/openapi.json', () => {
  it('passes Redocly CLI\'s recommended lint: no errors, no warnings but the licence', { timeout: 60_000 }, async () => {
    const doc = await t.json('/api/openapi.json');
    expect(doc.status).toBe(200);
    const file = path.join(tmp, 'openapi.json');
    await fs.writeFile(file, JSON.stringify(doc.body));

    // Run in the temp folder (so no redocly.yaml of ours or anyone's applies: the default
    // `recommended` ruleset) with telemetry and update checks off: the lint needs no network.
    const result = await run(REDOCLY, ['lint', file, '--format=json'], {
      cwd: tmp,
      timeout: 45_000,
      maxBuffer: 16 * 1024 * 1024,
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
        NO_COLOR: '1',
      },
    }).catch((error: { stdout?: string; stderr?: string; code?: number; killed?: boolean }) => {
      // `redocly lint` exits 1 when it finds errors; its report is still on stdout.
      if (error.killed || !error.stdout) throw new Error(`redocly did not answer: ${error.stderr ?? error}`);
      return { stdout: error.stdout, stderr: error.stderr ?? '' };
    });

    const report = JSON.parse(result.stdout) as { totals: { errors: number; warnings: number }; problems: Problem[] };
    const offending = report.problems
      .filter((p) => p.ruleId !== 'info-license')
      .map((p) => `${p.severity} ${p.ruleId} at ${p.location?.[0]?.pointer ?? '?'}: ${p.message}`);
    expect(offending, `Redocly lint problems:\n${offending.join('\n')}`).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it('names every operation with a unique camelCase operationId and declares who may call it', async () => {
    const doc = await t.json('/api/openapi.json');
    const operations = Object.entries(doc.body.paths as Record<string, Record<string, { operationId?: string; security?: unknown[] }>>).flatMap(
      ([route, item]) => Object.entries(item).map(([method, op]) => ({ where: `${method.toUpperCase()} ${route}`, ...op })),
    );
    expect(operations.length).toBeGreaterThan(60);
    for (const op of operations) {
      expect(op.operationId, op.where).toMatch(/^[a-z][A-Za-z]+$/);
      expect(Array.isArray(op.security), op.where).toBe(true);
    }
    expect(new Set(operations.map((op) => op.operationId)).size).toBe(operations.length);
    const byId = Object.fromEntries(operations.map((op) => [op.operationId, op.security]));
    expect(byId.listProducts).toEqual([]);
    expect(byId.createOrder).toEqual([]);
    expect(byId.updateOrderStatus).toEqual([{ bearer: [] }]);
    expect(doc.body.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer' });
  });

  it('writes every pattern as a plain JSON Schema (ECMA-262) pattern, without /…/flags', async () => {
    const doc = await t.json('/api/openapi.json');
    const patterns = patternsOf(doc.body);
    expect(patterns.length).toBeGreaterThan(0);
    for (const { pointer, pattern } of patterns) {
      // zod-to-openapi prints a RegExp with its slashes cut off: a flag would be left as a trailing `/i`.
      expect(pattern, pointer).not.toMatch(/(^|[^\\])\/[dgimsuvy]*$/);
      expect(pattern, pointer).not.toMatch(/^\//);
      // JSON Schema validators (Ajv among them) compile patterns in Unicode mode.
      expect(() => new RegExp(pattern, 'u'), pointer).not.toThrow();
    }
  });

  it('has URL patterns that accept exactly what the server accepts, in any case', async () => {
    const doc = await t.json('/api/openapi.json');
    // What the server's own validation says of a value of each field.
    const server: Record<string, (value: string) => boolean> = {
      image_url: (v) => newsInputSchema.shape.image_url.safeParse(v).success,
      photo_url: (v) => playerInputSchema.shape.photo_url.safeParse(v).success,
      website_url: (v) => sponsorInputSchema.shape.website_url.safeParse(v).success,
      social_media: (v) => playerInputSchema.shape.social_media.safeParse({ site: v }).success,
    };
    const urlPatterns = patternsOf(doc.body)
      .map((p) => ({ ...p, field: Object.keys(server).find((f) => p.pointer.includes(`/properties/${f}/`)) }))
      .filter((p): p is typeof p & { field: string } => p.field !== undefined);
    // News (create, update), sponsors (create, update), squad players (create, update) × photo and social links.
    expect(new Set(urlPatterns.map((p) => p.field))).toEqual(new Set(Object.keys(server)));
    const samples = [
      'https://example.com/a.png',
      'HTTPS://EXAMPLE.COM/A.PNG',
      'Http://example.com',
      'http://example.com/',
      'https://example.com/a b.png',
      '/uploads/logo.png',
      '/',
      '//cdn.example/a.png',
      'javascript:alert(1)',
      'ftp://example.com/a.png',
      'example.com/a.png',
      'https://',
      'https:/example.com',
      'httpss://example.com',
      'data:image/png;base64,AAAA',
      'https://example.com/\n<script>',
    ];
    for (const { pointer, pattern, field } of urlPatterns) {
      const re = new RegExp(pattern);
      expect(re.test('https://example.com/a.png'), pointer).toBe(true);
      expect(re.test('HTTPS://EXAMPLE.COM/A.PNG'), pointer).toBe(true);
      for (const sample of samples) {
        expect(re.test(sample), `${pointer} on ${JSON.stringify(sample)}`).toBe(server[field](sample));
      }
    }
  });
});
