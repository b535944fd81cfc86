/** One item's outcome in a group write: its own result, or its own error. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

interface Waiting<In, Out> {
  item: In;
  resolve: (value: Out) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: items submitted while a write is in flight wait for it, then go together in the
 * next write, one write at a time. Under load a burst of N items costs one transaction (one lock
 * queue, one fsync) instead of N queued one behind another; alone, an item is written at once.
 *
 * `write` gets the items in arrival order and returns one outcome per item, in the same order,
 * so one item's refusal never fails its neighbours. If `write` throws, every item of that group
 * gets the error (and, when `failWaitingOn` says so, every item still waiting). A submitter's
 * promise settles only after its group's write has finished.
 */
export function groupCommit<In, Out>(
  write: (items: In[]) => Promise<Outcome<Out>[]>,
  maxGroup: number,
  /** When a group's write fails with such an error, the items waiting behind it fail with it at once. */
  failWaitingOn: (error: unknown) => boolean = () => false,
) {
  const waiting: Waiting<In, Out>[] = [];
  let writing = false;

  async function drain() {
    writing = true;
    try {
      while (waiting.length > 0) {
        const group = waiting.splice(0, maxGroup);
        let outcomes: Outcome<Out>[];
        try {
          outcomes = await write(group.map((w) => w.item));
          if (outcomes.length !== group.length) throw new Error(`group write returned ${outcomes.length} outcomes for ${group.length} items`);
        } catch (error) {
          // e.g. the database stopped answering: the next group would wait as long again.
          if (failWaitingOn(error)) group.push(...waiting.splice(0));
          outcomes = group.map(() => ({ ok: false, error }));
        }
        group.forEach((w, i) => {
          const outcome = outcomes[i];
          if (outcome.ok) w.resolve(outcome.value);
          else w.reject(outcome.error);
        });
      }
    } finally {
      writing = false;
    }
  }

  return (item: In): Promise<Out> =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!writing) void drain();
    });
}
