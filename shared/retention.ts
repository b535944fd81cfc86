/**
 * Retention that runs itself (issue 34, point 5): how long the club keeps each kind of personal
 * data, and why. The club may change a rule's period (within its bounds) and whether it purges
 * automatically; the reason stays as written here and is shown beside the rule on the screen.
 * server/services/privacy/retention.ts finds what is due and purges it; the ADR is
 * docs/decisions/061-retention-rules.md.
 */

export const RETENTION_RULE_KEYS = ['enquiries', 'left_member_health', 'former_member', 'junior_attendance', 'sent_mail', 'sent_notifications', 'dbs_status'] as const;
export type RetentionRuleKey = (typeof RETENTION_RULE_KEYS)[number];

export type RetentionUnit = 'days' | 'months';

export interface RetentionRuleDefinition {
  key: RetentionRuleKey;
  /** The rule's name on the screen. */
  title: string;
  /** Why the data is kept this long, in plain words (shown on the screen, never editable). */
  reason: string;
  /** What the period counts from, in plain words: "after they were sent". */
  counted_from: string;
  unit: RetentionUnit;
  default_period: number;
  /** The shortest and longest period the club may choose. */
  min: number;
  max: number;
  /** What one due row is, for the log's summary: [one, many]. */
  noun: readonly [string, string];
  /** What purging does, for the log's summary: "deleted", "erased". */
  verb: string;
}

export const RETENTION_RULES: Record<RetentionRuleKey, RetentionRuleDefinition> = {
  enquiries: {
    key: 'enquiries',
    title: 'Join Us enquiries',
    reason:
      'An enquiry from someone who never joined is only useful while we might still reply. After a year it is unlikely they are waiting to hear from us.',
    counted_from: 'after the enquiry was sent, if they never became a member',
    unit: 'months',
    default_period: 12,
    min: 1,
    max: 24,
    noun: ['enquiry', 'enquiries'],
    verb: 'deleted',
  },
  left_member_health: {
    key: 'left_member_health',
    title: 'Medical notes and emergency contacts of members who left',
    reason:
      'We only need medical notes, emergency contacts and who may collect a child while someone plays for the club. The short grace period lets us undo a member being marked as left by mistake.',
    counted_from: 'after the member left',
    unit: 'days',
    default_period: 30,
    min: 0,
    max: 180,
    noun: ["member's medical notes and contacts", "members' medical notes and contacts"],
    verb: 'removed',
  },
  former_member: {
    key: 'former_member',
    title: "Former members' records",
    reason:
      'We keep a former member’s record in case of questions about their membership, money or a claim, which can arise up to six years later. After that we erase them; payments stay in the accounts under a pseudonym.',
    counted_from: 'after our last contact (leaving, their last sign-in, or their last charge or payment)',
    unit: 'months',
    default_period: 72,
    min: 12,
    max: 120,
    noun: ['former member', 'former members'],
    verb: 'erased',
  },
  junior_attendance: {
    key: 'junior_attendance',
    title: 'Junior attendance records',
    reason:
      'Records of who came to training and matches as a child can matter if a question about their care is raised after they grow up, so we keep them until three years after their 18th birthday.',
    counted_from: 'after their 18th birthday',
    unit: 'months',
    default_period: 36,
    min: 12,
    max: 120,
    noun: ['attendance record', 'attendance records'],
    verb: 'deleted',
  },
  sent_mail: {
    key: 'sent_mail',
    title: 'Sent e-mails',
    reason: 'A copy of a sent e-mail helps answer "did you tell me?" for a season. After a year it is only history.',
    counted_from: 'after the e-mail was sent',
    unit: 'months',
    default_period: 12,
    min: 1,
    max: 36,
    noun: ['e-mail', 'e-mails'],
    verb: 'deleted',
  },
  sent_notifications: {
    key: 'sent_notifications',
    title: 'Phone notifications sent',
    reason:
      'A phone notification only points to a page on the site; its copy helps answer "did my phone get it?" for a few weeks. After that it is only history.',
    counted_from: 'after the notification was sent or given up',
    unit: 'months',
    default_period: 3,
    min: 1,
    max: 12,
    noun: ['notification', 'notifications'],
    verb: 'deleted',
  },
  dbs_status: {
    key: 'dbs_status',
    title: 'DBS status of former volunteers',
    reason:
      'We record the status of a DBS check only so that coaches and helpers of children are checked. Six months after someone stops helping, we no longer need it.',
    counted_from: 'after their last team role ended',
    unit: 'months',
    default_period: 6,
    min: 1,
    max: 24,
    noun: ['DBS record', 'DBS records'],
    verb: 'deleted',
  },
};

export const isRetentionRuleKey = (key: string): key is RetentionRuleKey => (RETENTION_RULE_KEYS as readonly string[]).includes(key);

/** "12 months", "30 days", "1 month". */
export function formatPeriod(period: number, unit: RetentionUnit) {
  const one = unit === 'days' ? 'day' : 'month';
  return `${period} ${period === 1 ? one : `${one}s`}`;
}

/** A count in the rule's own words: "3 enquiries", "1 e-mail". */
export function retentionCount(key: RetentionRuleKey, rows: number) {
  const { noun } = RETENTION_RULES[key];
  return `${rows} ${rows === 1 ? noun[0] : noun[1]}`;
}

/** The log's summary, without anyone's personal data: "3 enquiries deleted". */
export const retentionSummary = (key: RetentionRuleKey, rows: number) => `${retentionCount(key, rows)} ${RETENTION_RULES[key].verb}`;

/** The answer a period outside its rule's bounds gets (422). */
export const periodOutOfBounds = (key: RetentionRuleKey) => {
  const { min, max, unit } = RETENTION_RULES[key];
  return `Choose a period from ${formatPeriod(min, unit)} to ${formatPeriod(max, unit)}.`;
};
