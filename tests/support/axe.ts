import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** WCAG 2.2 level A and AA, as axe-core tags them (the target: zero WCAG 2.2 AA violations). */
export const WCAG_22_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeNode {
  target: string[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

/**
 * Runs axe-core on the page as it is now and returns the WCAG 2.2 AA violations, one readable
 * line per rule and element. axe is evaluated through the DevTools protocol (Runtime.evaluate):
 * the page's Content-Security-Policy rightly refuses injected <script>s and inline code.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const session = await page.context().newCDPSession(page);
  try {
    const evaluate = async (expression: string) => {
      const { result, exceptionDetails } = await session.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
      if (exceptionDetails) throw new Error(`axe failed in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
      return result.value;
    };
    await evaluate(`if (!window.axe) { ${axeSource}\n}; true`);
    // A colour mid-transition (a submit button turning back from its disabled shade) is not the
    // colour the reader ends up with: let running CSS transitions finish first (2 s at most).
    await evaluate(`Promise.race([
      Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]).then(() => true)`);
    const violations: AxeViolation[] = await evaluate(
      `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_22_AA_TAGS)} }, resultTypes: ['violations'] })
         .then((r) => r.violations.map(({ id, impact, help, helpUrl, nodes }) =>
           ({ id, impact, help, helpUrl, nodes: nodes.map(({ target, html, failureSummary }) => ({ target, html, failureSummary })) })))`,
    );
    return violations.flatMap((v) =>
      v.nodes.map((n) => {
        const why = (n.failureSummary ?? '').split('\n').slice(1).map((line) => line.trim()).filter(Boolean).join('; ');
        return `${v.id} (${v.impact}): ${v.help} — ${n.target.join(' ')} ${n.html.slice(0, 160)}${why ? ` — ${why}` : ''}`;
      }),
    );
  } finally {
    await session.detach().catch(() => undefined);
  }
}

/** Fails with the list of WCAG 2.2 AA violations axe finds on the page, naming the page's state. */
export async function expectNoAxeViolations(page: Page, state = '') {
  const where = `${new URL(page.url()).pathname}${state ? ` (${state})` : ''} at ${page.viewportSize()?.width ?? '?'} px`;
  expect(await axeViolations(page), `axe: WCAG 2.2 AA violations on ${where}`).toEqual([]);
}
