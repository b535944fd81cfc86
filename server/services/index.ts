import type { Config } from '../config';
import type { Db } from '../db/client';
import { createAccountService } from './accounts';
import { createAdminService } from './admin';
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
    admin: createAdminService(db, createSetupService(db, options)),
  };
}

export type Services = ReturnType<typeof createServices>;
