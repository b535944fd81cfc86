/** Polls `check` every 20 ms until it holds or `timeoutMs` passes; says which. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 3000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

/**
 * The change notifications of earlier writes arrive asynchronously (later on a busy machine): waits
 * until the cache has seen no clear for 150 ms, so a test that counts on a warm cache is not emptied
 * by an earlier write's late notification.
 */
export function notificationsArrived(cache: { stats: { clears: number } }) {
  let clears = -1;
  return eventually(async () => {
    const now = cache.stats.clears;
    const settled = now === clears;
    clears = now;
    await new Promise((resolve) => setTimeout(resolve, 150));
    return settled;
  }, 10_000);
}
