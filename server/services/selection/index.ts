import type { Db } from '../../db/client';
import { selectionContext, type SelectionDeps } from './context';
import { squadLists } from './lists';
import { squadPicking } from './pick';
import { squadReplies } from './reply';

export type { SelectionDeps } from './context';

/**
 * Squad selection (ADR 020): staff pick starters and substitutes with shirt numbers,
 * publish (each selected player is mailed once and notified), players confirm or decline, and a
 * decline or a selected player dropping out alerts staff.
 */
export function createSelectionService(db: Db, deps: SelectionDeps) {
  const ctx = selectionContext(db, deps);
  return { ...squadPicking(ctx), ...squadReplies(ctx), ...squadLists(ctx) };
}

export type SelectionService = ReturnType<typeof createSelectionService>;
