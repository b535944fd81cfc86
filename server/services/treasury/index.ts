/** createTreasuryService: subs and fees (issue 24, ADR 040), one use case per file beside this one. */
import type { Db } from '../../db/client';
import { accountUseCases } from './accounts';
import { chargeUseCases } from './charges';
import { treasuryAccess, type TreasuryContext, type TreasuryDeps } from './context';
import { importUseCases } from './imports';
import { lineUseCases } from './lines';
import { matchFeeSourceUseCases } from './match-fee-sources';
import { planUseCases } from './plans';
import { reminderUseCases } from './reminders';
import { reportUseCases } from './reports';

export function createTreasuryService(db: Db, deps: TreasuryDeps) {
  const ctx: TreasuryContext = { db, ...deps, ...treasuryAccess(db) };
  return {
    isTreasurer: ctx.isTreasurer,
    assertTreasurer: ctx.assertTreasurer,
    ...accountUseCases(ctx),
    ...chargeUseCases(ctx),
    ...importUseCases(ctx),
    ...lineUseCases(ctx),
    ...matchFeeSourceUseCases(ctx),
    ...planUseCases(ctx),
    ...reportUseCases(ctx),
    ...reminderUseCases(ctx),
  };
}

export type TreasuryService = ReturnType<typeof createTreasuryService>;
