import { describe, expect, it } from 'vitest';
import { groupCommit, type Outcome } from './group-commit';

/** A write whose calls are recorded and finish only when the test says so. */
function controlledWrite() {
  const calls: { items: number[]; finish: (outcomes?: Outcome<string>[]) => void; fail: (error: unknown) => void }[] = [];
  const write = (items: number[]) =>
    new Promise<Outcome<string>[]>((resolve, reject) => {
      calls.push({
        items,
        finish: (outcomes) => resolve(outcomes ?? items.map((n) => ({ ok: true, value: `stored ${n}` }))),
        fail: reject,
      });
    });
  return { calls, write };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('groupCommit', () => {
  it('writes a lone item at once, and items that arrive during a write together in the next one', async () => {
    const { calls, write } = controlledWrite();
    const submit = groupCommit(write, 100);

    const first = submit(1);
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1]]);

    const rest = [submit(2), submit(3), submit(4)];
    await tick();
    expect(calls).toHaveLength(1); // they wait for the write in flight

    calls[0].finish();
    expect(await first).toBe('stored 1');
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3, 4]]);
    calls[1].finish();
    expect(await Promise.all(rest)).toEqual(['stored 2', 'stored 3', 'stored 4']);

    // Idle again: the next item starts its own write.
    const later = submit(5);
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3, 4], [5]]);
    calls[2].finish();
    expect(await later).toBe('stored 5');
  });

  it("gives each item its own outcome: one refusal does not fail its neighbours", async () => {
    const { calls, write } = controlledWrite();
    const submit = groupCommit(write, 100);
    const blocker = submit(0);
    const group = [submit(1), submit(2), submit(3)].map((p) => p.then((value) => ({ value }), (error: Error) => ({ error: error.message })));
    await tick();
    calls[0].finish();
    await blocker;
    await tick();
    calls[1].finish([
      { ok: true, value: 'stored 1' },
      { ok: false, error: new Error('Only 0 left') },
      { ok: true, value: 'stored 3' },
    ]);
    expect(await Promise.all(group)).toEqual([{ value: 'stored 1' }, { error: 'Only 0 left' }, { value: 'stored 3' }]);
  });

  it('fails every item of a group whose write throws, and carries on with the next group', async () => {
    const { calls, write } = controlledWrite();
    const submit = groupCommit(write, 100);
    const blocker = submit(0);
    const failing = [submit(1), submit(2)].map((p) => p.catch((error: Error) => error.message));
    await tick();
    calls[0].finish();
    await blocker;
    await tick();
    const after = submit(3);
    calls[1].fail(new Error('database unreachable'));
    expect(await Promise.all(failing)).toEqual(['database unreachable', 'database unreachable']);
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[0], [1, 2], [3]]);
    calls[2].finish();
    expect(await after).toBe('stored 3');
  });

  it('never puts more than maxGroup items in one write', async () => {
    const { calls, write } = controlledWrite();
    const submit = groupCommit(write, 2);
    const all = [0, 1, 2, 3, 4].map((n) => submit(n));
    for (let i = 0; i < 3; i++) {
      await tick();
      calls[i].finish();
    }
    expect(await Promise.all(all)).toHaveLength(5);
    expect(calls.map((c) => c.items)).toEqual([[0], [1, 2], [3, 4]]);
  });

  it('refuses a write that answers for the wrong number of items, rather than answering someone else', async () => {
    const { calls, write } = controlledWrite();
    const submit = groupCommit(write, 100);
    const one = submit(1).catch((error: Error) => error.message);
    await tick();
    calls[0].finish([]);
    expect(await one).toMatch(/returned 0 outcomes for 1 items/);
  });

  it('fails the items waiting behind a group whose write timed out, at once, instead of writing them after it', async () => {
    const { calls, write } = controlledWrite();
    const submit = groupCommit(write, 100, (error) => error instanceof Error && error.message === 'timed out');
    const first = submit(1);
    await tick();
    const waiting = [submit(2), submit(3)];
    await tick();
    calls[0].fail(new Error('timed out'));
    await expect(first).rejects.toThrow('timed out');
    for (const item of waiting) await expect(item).rejects.toThrow('timed out');
    expect(calls).toHaveLength(1);

    // Another failure leaves the waiting items to their own write.
    const again = submit(4);
    await tick();
    const behind = submit(5);
    await tick();
    calls[1].fail(new Error('refused'));
    await expect(again).rejects.toThrow('refused');
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1], [4], [5]]);
    calls[2].finish();
    expect(await behind).toBe('stored 5');
  });
});
