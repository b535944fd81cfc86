import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETUP_CODE_LOG_LINE, SETUP_CODE_REQUIRED, SETUP_CODE_WRONG } from './setup';

describe('setup code texts', () => {
  it("README's first-run steps quote the log line exactly as the server prints it", () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(`[warn] ${SETUP_CODE_LOG_LINE('http://localhost:3000/initialize', 'ABCD-EFGH-JKMN')}`);
  });

  it('the refusals say where the code is, in the words of the log line', () => {
    for (const detail of [SETUP_CODE_REQUIRED, SETUP_CODE_WRONG]) {
      expect(detail).toContain('server log');
      expect(detail).toContain('npm start');
      expect(SETUP_CODE_LOG_LINE('x', 'y')).toContain(/"(.*)"/.exec(detail)![1]);
    }
  });
});
