/**
 * A push service on 127.0.0.1 for tests (issue 35): the receiving side of RFC 8030, as Google's,
 * Mozilla's or Apple's is for a browser. Each POST to a subscription's endpoint must carry a valid
 * VAPID Authorization (RFC 8292: an ES256 JWT whose aud is this origin, exp within a day, sub a
 * mailto: or https: address) and an aes128gcm body (RFC 8291) that it decrypts with the
 * subscription's private key, as the browser would. Each message is recorded per endpoint.
 * Switches: an endpoint answers 410 (gone), a status of choice (500, 429 with Retry-After), or
 * holds the request unanswered; the whole service can be taken down (port closed) and back up.
 */
import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../server/db/client';
import { createPushWorker, type PushWorkerOptions } from '../../server/services/push/delivery';

/** A browser's side of a subscription: the keys it sends the site, and the private half it keeps. */
export interface BrowserKeys {
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

/** What a browser makes when it subscribes: a P-256 key pair and a 16-byte auth secret (RFC 8291). */
export function newBrowserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return { ecdh, authSecret, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') } };
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** Decrypts an aes128gcm Web Push body (RFC 8291 over RFC 8188) with the browser's keys; one record. */
export function decryptWebPush(body: Buffer, browser: Pick<BrowserKeys, 'ecdh' | 'authSecret'>): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const senderPublic = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  if (records.length > rs) throw new Error('More than one record: not what a Web Push message is');
  const secret = browser.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), senderPublic]);
  const ikm = hkdf(secret, browser.authSecret, keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('The last record does not end with the delimiter 0x02');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks a VAPID Authorization header ("vapid t=<JWT>, k=<public key>"); returns the problem, or undefined. */
export function vapidProblem(header: string | undefined, origin: string, expectedKey?: string): string | undefined {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return `no VAPID Authorization header (got "${header}")`;
  const [, jwt, k] = match;
  if (expectedKey && k !== expectedKey) return "k is not the site's public key";
  const [head, claims, signature] = jwt.split('.');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, format: 'jwk' });
  const valid = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature ?? '', 'base64url'));
  if (!valid) return 'the JWT signature does not verify with k';
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (header_.alg !== 'ES256') return `alg is ${header_.alg}, not ES256`;
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  const now = Date.now() / 1000;
  if (body.aud !== origin) return `aud is ${body.aud}, not ${origin}`;
  if (typeof body.exp !== 'number' || body.exp <= now || body.exp > now + 24 * 3600 + 60) return `exp ${body.exp} is not within the next 24 hours`;
  if (!/^(mailto:|https:)/.test(body.sub ?? '')) return `sub ${body.sub} is not a mailto: or https: address`;
  return undefined;
}

/** A certificate for 127.0.0.1 made for this run (the service speaks HTTPS, as every real push service does). */
function selfSignedCertificate() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-service-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface PushReceived {
  title: string;
  body: string;
  url: string;
  tag: string;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
}

/** How an endpoint answers: accept (201), gone (410), a status (with Retry-After seconds), or hold (never answer). */
export type PushMode = 'accept' | 'gone' | 'hold' | { status: number; retryAfter?: string };

export async function startPushService(options: { publicKey?: () => Promise<string> } = {}) {
  const { key, cert } = selfSignedCertificate();
  const browsers = new Map<string, BrowserKeys>();
  const received = new Map<string, PushReceived[]>();
  const modes = new Map<string, PushMode>();
  let everyone: PushMode = 'accept';
  const problems: string[] = [];
  const sockets = new Set<Socket>();
  const held: Array<() => void> = [];
  let requests = 0;
  let port = 0;

  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        requests++;
        const endpoint = `${origin()}${req.url}`;
        const browser = browsers.get(endpoint);
        if (req.method !== 'POST' || !browser) return void res.writeHead(404).end('No such subscription');
        const mode = modes.get(endpoint) ?? everyone;
        if (mode === 'hold') return void held.push(() => res.destroy());
        if (mode === 'gone') return void res.writeHead(410).end('Subscription expired');
        if (typeof mode === 'object') return void res.writeHead(mode.status, mode.retryAfter ? { 'retry-after': mode.retryAfter } : {}).end('Try again later');
        const problem =
          vapidProblem(req.headers.authorization, origin(), options.publicKey ? await options.publicKey() : undefined) ??
          (req.headers['content-encoding'] !== 'aes128gcm' ? `content-encoding ${req.headers['content-encoding']}` : undefined) ??
          (req.headers.ttl === undefined ? 'no TTL header' : undefined);
        if (problem) {
          problems.push(`${endpoint}: ${problem}`);
          return void res.writeHead(403).end(problem);
        }
        let payload: { title: string; body: string; url: string; tag: string };
        try {
          payload = JSON.parse(decryptWebPush(Buffer.concat(chunks), browser)) as typeof payload;
        } catch (error) {
          problems.push(`${endpoint}: cannot decrypt: ${String(error)}`);
          return void res.writeHead(400).end('Cannot decrypt');
        }
        const list = received.get(endpoint) ?? [];
        list.push({ ...payload, ttl: req.headers.ttl as string, urgency: req.headers.urgency as string, topic: req.headers.topic as string | undefined });
        received.set(endpoint, list);
        res.writeHead(201, { location: `${origin()}/message/${randomBytes(8).toString('hex')}` }).end();
      })();
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen();
  port = (server.address() as AddressInfo).port;
  const origin = () => `https://127.0.0.1:${port}`;

  return {
    origin: origin(),
    /** The certificate to trust (a worker's https.Agent `ca`; NODE_EXTRA_CA_CERTS in a process). */
    ca: cert,
    agent: new https.Agent({ ca: cert }),
    /** A browser subscribing: a new endpoint on this service and the keys it would send the site. */
    subscribe(): { endpoint: string; keys: BrowserKeys['keys'] } {
      const browser = newBrowserKeys();
      const endpoint = `${origin()}/push/${randomBytes(12).toString('base64url')}`;
      browsers.set(endpoint, browser);
      return { endpoint, keys: browser.keys };
    },
    /** The notifications an endpoint got, decrypted, in order. */
    received: (endpoint: string) => received.get(endpoint) ?? [],
    /** Requests answered or held so far (any endpoint). */
    get requests() {
      return requests;
    },
    /** Requests held unanswered now. */
    get held() {
      return held.length;
    },
    /** Anything a request got wrong (a bad JWT, an undecryptable body): a test expects none. */
    problems,
    /** How one endpoint answers from now on. */
    setMode(endpoint: string, mode: PushMode) {
      modes.set(endpoint, mode);
    },
    /** How every endpoint without a mode of its own answers from now on. */
    setModeForAll(mode: PushMode) {
      everyone = mode;
    },
    /** Drops the held requests' connections (as the sender dying would). */
    dropHeld() {
      for (const drop of held.splice(0)) drop();
    },
    /** The whole service away: the port is closed and open connections are cut. */
    async down() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    /** Back on the same port. */
    up: listen,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

export type TestPushService = Awaited<ReturnType<typeof startPushService>>;

/** The club's push subject in tests. */
export const TEST_VAPID_SUBJECT = 'mailto:secretary@riverside-rovers.org.uk';

/**
 * A push worker that sends to the test's own push service, with short polls, retries and timeouts
 * so a test sees a retry within seconds. Not started: the caller starts and stops it.
 */
export function testPushWorker(db: Db, keys: PushWorkerOptions['keys'], service: TestPushService, options: Partial<PushWorkerOptions> = {}) {
  return createPushWorker(db, {
    vapidSubject: TEST_VAPID_SUBJECT,
    keys,
    allowedOrigins: [service.origin],
    agent: service.agent,
    pollMs: 50,
    retryDelaysMs: [200, 400, 800, 1600, 3200],
    requestTimeoutMs: 2_000,
    ...options,
  });
}
