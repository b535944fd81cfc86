/**
 * The layers, checked on the import graph (ADR 035): app -> server -> shared, never back up.
 * `npm run lint` runs it (CI fails on a violation); `npm run deps:graph` redraws docs/import-graph.md.
 * Tests are exempt: a test compares facts of two layers.
 */
const notTests = '(^tests/|\\.test\\.tsx?$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules depend on each other in one direction only.',
      from: { pathNot: notTests },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'shared/ (rules, contracts, dates) imports neither app/ nor server/.',
      from: { path: '^shared/', pathNot: notTests },
      to: { path: '^(app|server)/' },
    },
    {
      name: 'server-never-imports-app',
      severity: 'error',
      comment: 'The server does not reach into the pages; what both need lives in shared/.',
      from: { path: '^server/', pathNot: notTests },
      to: { path: '^app/' },
    },
    {
      name: 'app-takes-only-types-from-server',
      severity: 'error',
      comment: 'Pages may import types from server/ (the typed API client), never its code.',
      from: { path: '^app/', pathNot: notTests },
      to: { path: '^server/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'app-takes-only-types-from-contracts',
      severity: 'error',
      comment:
        'The contracts carry the OpenAPI generator: the browser takes only their types (ADR 034). ' +
        'app/lib/player-inputs.server.ts (server-only, never bundled for the browser) hands the pages\' actions the player inputs.',
      from: { path: '^app/', pathNot: '(^tests/|\\.test\\.tsx?$|^app/lib/player-inputs\\.server\\.ts$)' },
      to: { path: '^shared/contracts/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'services-know-no-http',
      severity: 'error',
      comment: 'Domain services know nothing of HTTP, the public cache or the API.',
      from: { path: '^server/services/', pathNot: notTests },
      to: { path: '^(server/api/|server/cache|server/app\\.ts|node_modules/(hono|@hono)/)', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^(build|\\.react-router|node_modules|coverage|data)/|\\+types/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    reporterOptions: {
      mermaid: { minify: false },
    },
  },
};
