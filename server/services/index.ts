import { sql } from 'drizzle-orm';
import type { ContentMemo } from '../cache';
import { MEMOIZED_READS, memoizePublicReads } from '../public-content';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { createDatabaseHealth } from '../db/health';
import { createAccountService } from './accounts';
import { createCalendarService } from './calendar';
import { createFamilyService } from './family';
import { createAdminService } from './admin';
import { createOrderService } from './orders';
import { createProductService } from './products';
import { createDocumentService } from './documents';
import { createMessageService } from './messages';
import { createNotificationService } from './notifications';
import { createMembershipService, createPlayerService, createRegistrationService } from './players';
import { createLoginAccessService } from './logins';
import { createPortalService } from './portal';
import { createEmailAddressService } from './email-address';
import { createRolesService } from './roles';
import { createDbsService } from './juniors/dbs';
import { createPrivacyRequestService } from './privacy/requests';
import { createEventChangeService } from './event-changes';
import { createSquadLinks } from './squad-links';
import { createUploadStore } from './uploads';
import { createFixtureService } from './fixtures';
import { createImageService } from './images';
import { createJoinUsService } from './join-us';
import { createJuniorService } from './juniors';
import { createNewsService } from './news';
import { createClubPagesService } from './club-pages';
import { createRetentionService } from './privacy/retention';
import { createSponsorService } from './sponsors';
import { createSquadService } from './squad';
import { createTeamService } from './teams';
import { createTrainingService } from './training';
import { createTreasuryService } from './treasury';
import { createAvailabilityService } from './availability';
import { createSelectionService } from './selection';
import { createMatchDayPackService } from './match-day-pack';
import { createSettingsService } from './settings';
import { createClubIdentityService } from './club-identity';
import { clubSiteUrl } from '../tenancy/site-url';
import { createSetupService } from './setup';
import { createClubFileService } from './club-file';
import { createHostingService } from './hosting/clubs';
import { createOperatorService } from './hosting/operator';
import { createClubDomainService, type ResolveTxt } from './club-domains';
import { createAccessService } from '../policy';
import { createMailService } from './mail';
import { createOutboxService } from './outbox';
import { createPrivacyExportService } from './privacy/export-service';
import { createPushService } from './push';
import { createAnonymousWriteLimiter, type AccountSlowdown, type AnonymousWriteLimits, type ThrottleLimits } from './throttle';

export interface ServiceOptions {
  adminUsername: string;
  adminPassword?: string;
  /** ADMIN_EMAIL: the admin account's address at initialization. */
  adminEmail?: string;
  loginLimits?: ThrottleLimits & Partial<AccountSlowdown>;
  /** Tries the database while it is down (default: `select 1` through the pool). */
  probeDatabase?: () => Promise<unknown>;
  /** GET /api/health's check (default: `select 1` through the pool; the app uses a dedicated connection, server/db/health.ts). */
  checkDatabase?: () => Promise<unknown>;
  /** SMTP_URL: without it mail waits in the outbox. */
  smtpUrl?: string;
  mailFrom?: string;
  /** DATA_DIR: where the last known club identity is kept for the outage page (issue 33). */
  dataDir?: string;
  /** PUBLIC_URL: the site's address for links in mails. */
  publicUrl?: string;
  forgotPasswordLimits?: ThrottleLimits;
  /** Registrations, Join Us applications, password requests and orders per client address and hour (LIMIT_*_PER_HOUR). */
  anonymousWriteLimits?: Partial<AnonymousWriteLimits>;
  /** Setup codes tried per address at /initialize (server/services/setup.ts). */
  setupCodeLimits?: Pick<ThrottleLimits, 'perAddress' | 'windowSeconds'>;
  /** Keeps the public reads every page makes in memory between content changes (server/cache.ts). */
  memo?: ContentMemo;
  /** VAPID_SUBJECT: Web Push is on only when it is set (issue 35). */
  vapidSubject?: string;
  /** PUSH_ALLOWED_ORIGINS: push services' origins besides the real ones. */
  pushAllowedOrigins?: readonly string[];
  /** How long a change to a fixture or session waits for the next before it is announced (default 3 minutes). */
  changeAnnounceDelayMs?: number;
  /** The largest club file an import takes (default CLUB_FILE_MAX_BYTES, server/services/club-file.ts). */
  clubFileMaxBytes?: number;
  /** HOSTING_DOMAIN: many clubs, each at {slug}.{hostingDomain} (ADR 065); a club's mails link to its own host. */
  hostingDomain?: string;
  /** OPERATOR_USERNAME and OPERATOR_PASSWORD: the host's operator (issue 36). */
  operator?: { username: string; password: string };
  /** The DNS TXT lookup that verifies a club's domain (default: the system's DNS; tests pass their own). */
  resolveTxt?: ResolveTxt;
}

export function serviceOptionsFrom(config: Config): ServiceOptions {
  return {
    adminUsername: config.adminUsername,
    adminPassword: config.adminPassword,
    adminEmail: config.adminEmail,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    dataDir: config.dataDir,
    publicUrl: config.publicUrl,
    hostingDomain: config.hostingDomain,
    anonymousWriteLimits: config.anonymousWriteLimits,
    vapidSubject: config.vapidSubject,
    pushAllowedOrigins: config.pushAllowedOrigins,
    operator: config.operator,
  };
}

/** Every domain service, built once per process around one database handle. */
export function createServices(db: Db, options: ServiceOptions) {
  // The display name is the club's sender name at sending time (server/mail/sender.ts); this is the address.
  const mailFrom = options.mailFrom ?? 'no-reply@localhost';
  // Every absolute link (mails, canonical and og:* tags, sitemap, feeds) starts with this, never with the request's Host (issue 30, finding 9).
  const publicUrl = (options.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
  // Made before the services that notify people, so any of them can be handed it.
  const push = createPushService(db, { vapidSubject: options.vapidSubject, allowedOrigins: options.pushAllowedOrigins });
  // A member's mail of a kind they chose by push goes to their devices instead (issue 35, server/services/push-routing.ts).
  const hostingDomain = options.hostingDomain;
  const mail = createMailService(db, { publicUrl, push, siteUrl: hostingDomain ? () => clubSiteUrl(publicUrl, hostingDomain) : undefined });
  // Anonymous writes counted per client address and hour, in the database (issue 30).
  const anonymousWrites = createAnonymousWriteLimiter(db, options.anonymousWriteLimits);
  const accounts = createAccountService(db, { loginLimits: options.loginLimits, forgotPasswordLimits: options.forgotPasswordLimits, anonymousWrites, mail });
  const uploads = createUploadStore();
  const emailAddress = createEmailAddressService(db, { mail, confirmCurrentPassword: accounts.confirmCurrentPassword });
  const players = createPlayerService(db, {
    endAllSessions: accounts.endAllSessions,
    mail,
    anonymousWrites,
    emailChange: { startChange: emailAddress.startChange, confirmCurrentPassword: accounts.confirmCurrentPassword },
  });
  const documents = createDocumentService(db, uploads, { mail });
  const messages = createMessageService(db, { mail });
  const settings = createSettingsService(db);
  const eventChanges = createEventChangeService(db, { mail, delayMs: options.changeAnnounceDelayMs });
  const training = createTrainingService(db, { eventChanges });
  // A selected player who becomes unavailable alerts staff: availability calls selection's hook.
  let selectionRef: ReturnType<typeof createSelectionService> | undefined;
  const availability = createAvailabilityService(db, { mail, training, onAnswer: (tx, change) => selectionRef!.onAnswer(tx, change) });
  const selection = (selectionRef = createSelectionService(db, { mail, availability }));
  const setup = createSetupService(db, options);
  const registrations = createRegistrationService(db, { mail });
  const dbs = createDbsService(db, mail);
  const juniors = createJuniorService(db, { mail, documentsFor: documents.listForPlayer, anonymousWrites });
  const treasury = createTreasuryService(db, { mail });
  const calendar = createCalendarService(db, { ensureSessions: training.ensureSessions });
  const check = () => db.execute(sql`select 1`);
  /** Whether the database answers (GET /api/health, stale pages and quick 503s during an outage). */
  const health = createDatabaseHealth(options.checkDatabase ?? check, options.probeDatabase ?? check);
  const clubFile = createClubFileService(db, { setup, dataDir: options.dataDir, maxBytes: options.clubFileMaxBytes });
  const services = {
    db,
    /** The site's public address (PUBLIC_URL), without a trailing slash. */
    publicUrl,
    health,
    mail,
    mailSettings: { smtpUrl: options.smtpUrl, from: mailFrom },
    outbox: createOutboxService(db, { smtpUrl: options.smtpUrl, from: mailFrom }),
    /** Web Push (issue 35): devices, the key, and notifications through the push outbox. */
    push,
    accounts,
    uploads,
    images: createImageService(db, uploads),
    players,
    registrations,
    emailAddress,
    membership: createMembershipService(db, { mail }),
    roles: createRolesService(db),
    logins: createLoginAccessService(db),
    dbs,
    documents,
    messages,
    notifications: createNotificationService(db),
    portal: createPortalService({ players, documents, messages }),
    setup,
    /** Take your club and leave (issue 36): the whole club as one file, and that file brought to a new install. */
    clubFile,
    /** The host's operator (issue 36): its login and sessions, on the hosting domain only. */
    operators: createOperatorService(db, { operator: options.operator }),
    /** The operator's clubs: create, list with figures, suspend, resume, export, delete. */
    hosting: createHostingService(db, { hostingDomain: options.hostingDomain, publicUrl, clubFile }),
    /** A club's own web addresses on a hosted install (issue 36): added, verified by DNS, removed. */
    clubDomains: createClubDomainService(db, { hostingDomain: options.hostingDomain, resolveTxt: options.resolveTxt }),
    admin: createAdminService(db, { setup, registrationsWaiting: registrations.waiting, dbsWarnings: dbs.warnings }),
    settings,
    identity: createClubIdentityService(db, { dataDir: options.dataDir }),
    products: createProductService(db),
    orders: createOrderService(db, { settings, health, mail, anonymousWrites }),
    fixtures: createFixtureService(db, { eventChanges }),
    eventChanges,
    squadLinks: createSquadLinks(db, { mail, availability, selection }),
    calendar,
    news: createNewsService(db),
    clubPages: createClubPagesService(db),
    retention: createRetentionService(db),
    sponsors: createSponsorService(db),
    squad: createSquadService(db, { mail }),
    teams: createTeamService(db),
    training,
    treasury,
    availability,
    selection,
    juniors,
    family: createFamilyService(db, { juniors, availability, treasury, hasCalendarLink: calendar.hasToken }),
    matchDayPack: createMatchDayPackService(db, { availability, juniors, selection }),
    access: createAccessService(db),
    privacyExport: createPrivacyExportService(db),
    privacyRequests: createPrivacyRequestService(db, mail),
    joinUs: createJoinUsService(db, { whatsappNumber: async () => (await settings.get()).whatsapp_number, mail, anonymousWrites }),
  };
  // The public reads every page makes, kept between content changes (server/public-content.ts). The
  // services are wrapped in place, so those that hold another (orders: settings) read through the memo too.
  memoizePublicReads(options.memo, services, MEMOIZED_READS);
  return services;
}

export type Services = ReturnType<typeof createServices>;
