import { createRequire } from 'node:module';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { Hono } from 'hono';
import type { AppEnv } from './env';

/**
 * A readable page for /api/openapi.json: Swagger UI, served from the swagger-ui-dist package (no
 * CDN, and no inline script, so the Content-Security-Policy stays strict).
 */
const require = createRequire(import.meta.url);
const distDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API documentation</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`;

export const docsApi = new Hono<AppEnv>()
  .get('/', (c) => c.html(PAGE))
  .get('/init.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    return c.body(INIT);
  })
  .get('/:asset', async (c) => {
    const type = ASSETS[c.req.param('asset')];
    if (!type) return c.json({ detail: 'Not found' }, 404);
    c.header('Content-Type', type);
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(await readFile(path.join(distDir, c.req.param('asset'))));
  });
