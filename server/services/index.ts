import type { Config } from '../config';
import type { Db } from '../db/client';
import { createAccountService } from './accounts';
import { createFixtureService } from './fixtures';
import { createJoinUsService } from './join-us';
import { createNewsService } from './news';
import { createSponsorService } from './sponsors';
import { createSquadService } from './squad';
import { createSettingsService } from './settings';
import { createSetupService } from './setup';
import type { ThrottleLimits } from './throttle';

export interface ServiceOptions {
  adminUsername: string;
  adminPassword?: string;
  loginLimits?: ThrottleLimits;
}

export function serviceOptionsFrom(config: Config): ServiceOptions {
  return { adminUsername: config.adminUsername, adminPassword: config.adminPassword };
}

/** Every domain service, built once per process around one database handle. */
export function createServices(db: Db, options: ServiceOptions) {
  return {
    db,
    accounts: createAccountService(db, { loginLimits: options.loginLimits }),
    setup: createSetupService(db, options),
    settings: createSettingsService(db),
    fixtures: createFixtureService(db),
    news: createNewsService(db),
    sponsors: createSponsorService(db),
    squad: createSquadService(db),
    joinUs: createJoinUsService(db, { whatsappNumber: async () => (await createSettingsService(db).get()).whatsapp_number }),
  };
}

export type Services = ReturnType<typeof createServices>;
