import { useSyncExternalStore } from 'react';

const noopSubscribe = () => () => {};

/** False during server rendering and hydration, true once JavaScript runs: for controls that need it. */
export function useHydrated() {
  return useSyncExternalStore(noopSubscribe, () => true, () => false);
}
