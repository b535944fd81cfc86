/**
 * The loop both outboxes' workers run (mail: server/services/outbox.ts, push:
 * server/services/push/delivery.ts): a round claims and sends a batch; a full batch goes again at
 * once, otherwise the loop sleeps for `pollMs` or until woken. A failed round (the database away)
 * is logged and tried again after the pause: it never ends the worker. `stop()` lets the round in
 * hand finish (the round itself gives back what it has not sent once `stopping()` is true).
 */
import { log } from '../log';

export interface RoundResult {
  claimed: number;
  sent: number;
}

export interface WorkerLoopOptions {
  /** "Outbox", "Push outbox": the log's words for a failed round. */
  name: string;
  round: () => Promise<RoundResult>;
  batchSize: number;
  pollMs: number;
  onRound?: (result: RoundResult) => void;
}

export function workerLoop(options: WorkerLoopOptions) {
  let stopping = false;
  let running: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function loop() {
    while (!stopping) {
      let claimed = 0;
      try {
        const result = await options.round();
        claimed = result.claimed;
        options.onRound?.(result);
      } catch (error) {
        // The database being away is not the worker's end: it tries again after the pause.
        log.warn(`${options.name} round failed`, { error: error instanceof Error ? error.message : String(error) });
      }
      if (stopping) break;
      // A full batch means more may be due: go again at once.
      if (claimed < options.batchSize) {
        await new Promise<void>((resolve) => {
          wakeUp = resolve;
          timer = setTimeout(resolve, options.pollMs);
        });
        wakeUp = undefined;
      }
    }
  }

  return {
    /** True once stop() was called: a round gives back the rest of its batch. */
    stopping: () => stopping,
    start() {
      if (running) return;
      stopping = false;
      running = loop();
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      wakeUp?.();
      await running;
      running = undefined;
    },
    /** Looks for due rows now, instead of at the next poll. */
    wake() {
      wakeUp?.();
    },
  };
}
