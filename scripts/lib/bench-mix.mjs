#!/usr/bin/env node
// The hosting bench's load generator (scripts/bench-hosting.mjs), run in a process of its own as the
// bench runs autocannon: each request picks one of the given {host, path, cookie} at random, so a
// load spreads over many clubs' hosts (`Host: c0042.clubs.bench.test`) on one server address.
// Usage: node scripts/lib/bench-mix.mjs <config.json>; prints autocannon's result as JSON, with the
// answers' X-Cache counted (HIT / MISS / none) and the hosts asked.
import fs from 'node:fs/promises';
import autocannon from 'autocannon';

const config = JSON.parse(await fs.readFile(process.argv[2], 'utf8'));
const { url, connections, duration, targets, acceptEncoding } = config;
if (!targets?.length) throw new Error('no targets');

const cache = { HIT: 0, MISS: 0, none: 0 };
const hosts = new Set();
const result = await autocannon({
  url,
  connections,
  duration,
  headers: { 'accept-encoding': acceptEncoding },
  requests: [
    {
      setupRequest(request) {
        const target = targets[Math.floor(Math.random() * targets.length)];
        hosts.add(target.host);
        const headers = { ...request.headers, host: target.host };
        if (target.cookie) headers.cookie = target.cookie;
        return { ...request, path: target.path, headers };
      },
      onResponse(_status, _body, _context, headers) {
        const value = headers?.['x-cache'] ?? headers?.['X-Cache'];
        const key = value ?? 'none';
        cache[key] = (cache[key] ?? 0) + 1;
      },
    },
  ],
});
process.stdout.write(JSON.stringify({ ...result, x_cache: cache, hosts_asked: hosts.size }));
