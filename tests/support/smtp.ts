import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  messageId: string;
  /** A header's value (unfolded), or undefined. */
  header(name: string): string | undefined;
  /** The text/plain part, decoded from quoted-printable. */
  text: string;
}

/** What the server answers to a message's DATA: accept, or refuse with this SMTP code and text. */
export type Verdict = 'accept' | { code: number; message: string };

/**
 * A real SMTP server on 127.0.0.1 for a test file. `decide` chooses each answer (default: accept);
 * `received` holds only accepted mail. stop()/start() take it down and back up on the same port.
 */
export async function startSmtpServer(options: { decide?: (mail: ReceivedMail, index: number) => Verdict | Promise<Verdict> } = {}) {
  const received: ReceivedMail[] = [];
  let seen = 0;
  let decide = options.decide ?? (() => 'accept' as Verdict);
  let server: SMTPServer | undefined;
  let port = 0;

  function create() {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // Nothing in a test may wait for ever.
      socketTimeout: 10_000,
      closeTimeout: 1_000,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', async () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const mail = parse(raw, session.envelope.mailFrom ? session.envelope.mailFrom.address : '', session.envelope.rcptTo.map((r) => r.address));
          const verdict = await decide(mail, seen++);
          if (verdict === 'accept') {
            received.push(mail);
            callback(null, 'Queued');
          } else {
            const error = new Error(verdict.message) as Error & { responseCode: number };
            error.responseCode = verdict.code;
            callback(error);
          }
        });
      },
    });
  }

  async function start() {
    server = create();
    await new Promise<void>((resolve, reject) => {
      server!.server.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  }

  async function stop() {
    const s = server;
    server = undefined;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  await start();
  return {
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    start,
    stop,
    setDecide(next: typeof decide) {
      decide = next;
    },
  };
}

/** A header as a mail client shows it: RFC 2047 encoded words (a subject with "£" or "’") decoded. */
function decodeWords(value: string) {
  if (!value.includes('=?')) return value;
  // Each word's bytes, joined (a character may be split between two words), then read as UTF-8.
  const bytes = value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('latin1')
        : text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parse(raw: string, from: string, to: string[]): ReceivedMail {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => {
    const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded);
    return match ? match[1].trim() : undefined;
  };
  const body = rest.join('\n\n');
  const boundary = /boundary="?([^";\s]+)"?/i.exec(unfolded)?.[1];
  const parts = boundary ? body.split(`--${boundary}`) : [body];
  const plain = parts.find((part) => /Content-Type: text\/plain/i.test(part));
  const textPart = plain ? plain.replace(/^[^]*?\r?\n\r?\n/, '').replace(/\r?\n$/, '') : body;
  const decoded = /quoted-printable/i.test(plain ?? '')
    ? Buffer.from(textPart.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8')
    : textPart;
  const text = decoded.replace(/\r\n/g, '\n');
  return {
    from,
    to,
    raw,
    subject: decodeWords(header('Subject') ?? ''),
    messageId: header('Message-ID') ?? '',
    header,
    text,
  };
}

/** Polls `check` until it returns true, failing after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition') {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
