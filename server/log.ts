/** A tiny structured logger: one line per event, never a password or token. */
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };
let threshold = order[(process.env.LOG_LEVEL as Level) ?? 'info'] ?? order.info;

export function setLogLevel(level: Level | 'silent') {
  threshold = order[level];
}

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (order[level] < threshold) return;
  const line = fields ? `${message} ${JSON.stringify(fields)}` : message;
  (level === 'error' || level === 'warn' ? console.error : console.log)(`[${level}] ${line}`);
}

export const log = {
  debug: (m: string, f?: Record<string, unknown>) => write('debug', m, f),
  info: (m: string, f?: Record<string, unknown>) => write('info', m, f),
  warn: (m: string, f?: Record<string, unknown>) => write('warn', m, f),
  error: (m: string, f?: Record<string, unknown>) => write('error', m, f),
};
