import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('mail configuration', () => {
  it('defaults: no SMTP (mail waits), a sender, and PUBLIC_URL from the port', () => {
    const config = loadConfig({ PORT: '4000' });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe('no-reply@localhost');
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.servedHost).toBeUndefined(); // every Host served; links still from publicUrl
    expect(config.mailRetryDelaysMs).toBeUndefined();
  });

  it('reads SMTP_URL, MAIL_FROM, PUBLIC_URL (without a trailing slash) and MAIL_RETRY_DELAYS', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:secret@mail.example.org:465',
      MAIL_FROM: 'Club <club@example.org>',
      PUBLIC_URL: 'https://club.example.org/',
      MAIL_RETRY_DELAYS: '30,600',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtps://user:secret@mail.example.org:465',
      mailFrom: 'Club <club@example.org>',
      publicUrl: 'https://club.example.org',
      servedHost: 'club.example.org',
      mailRetryDelaysMs: [30_000, 600_000],
    });
  });

  it.each([
    ['SMTP_URL', 'http://mail.example.org', /SMTP_URL must look like smtp:\/\//],
    ['MAIL_FROM', 'nobody', /MAIL_FROM must contain an e-mail address/],
    ['PUBLIC_URL', 'club.example.org', /PUBLIC_URL/],
    ['PUBLIC_URL', 'ftp://club.example.org', /PUBLIC_URL must be an http/],
    ['MAIL_RETRY_DELAYS', '1m,5m', /MAIL_RETRY_DELAYS must be/],
  ])('refuses a bad %s with a clear message', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});

describe('push configuration (issue 35)', () => {
  it('leaves push off without VAPID_SUBJECT, with no extra push origins', () => {
    const config = loadConfig({});
    expect(config.vapidSubject).toBeUndefined();
    expect(config.pushAllowedOrigins).toEqual([]);
    expect(loadConfig({ VAPID_SUBJECT: '' }).vapidSubject).toBeUndefined();
  });

  it.each(['mailto:secretary@riverside-rovers.org.uk', 'https://riverside-rovers.org.uk', 'https://club.example.org/contact'])('accepts the real address %s', (subject) => {
    expect(loadConfig({ VAPID_SUBJECT: subject }).vapidSubject).toBe(subject);
  });

  it.each([
    ['mailto:admin@localhost', /not a localhost address/],
    ['mailto:admin@club.localhost', /not a localhost address/],
    ['https://localhost:3000', /not a localhost address/],
    ['mailto:nobody@club.invalid', /not an \.invalid address/],
    ['https://club.invalid', /not an \.invalid address/],
    ['mailto:admin@server', /not an address without a real domain/],
    ['http://club.example.org', /must start with mailto: or https:/],
    ['secretary@club.example.org', /must be a mailto: or https: address|must start with mailto: or https:/],
    ['mailto:', /must be a mailto: address with one e-mail address/],
    ['mailto:a@b.org,c@d.org', /must be a mailto: address with one e-mail address/],
    ['not a url', /must be a mailto: or https: address/],
  ])('refuses to start with VAPID_SUBJECT=%s, saying why', (subject, message) => {
    expect(() => loadConfig({ VAPID_SUBJECT: subject })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ VAPID_SUBJECT: subject })).toThrow(message);
  });

  it('reads PUSH_ALLOWED_ORIGINS as origins, and refuses anything that is not one', () => {
    expect(loadConfig({ PUSH_ALLOWED_ORIGINS: 'https://push.example.org, https://127.0.0.1:8443/' }).pushAllowedOrigins).toEqual(['https://push.example.org', 'https://127.0.0.1:8443']);
    expect(() => loadConfig({ PUSH_ALLOWED_ORIGINS: 'https://push.example.org/path' })).toThrow(/PUSH_ALLOWED_ORIGINS must be origins/);
    expect(() => loadConfig({ PUSH_ALLOWED_ORIGINS: 'push.example.org' })).toThrow(/PUSH_ALLOWED_ORIGINS must be origins/);
    expect(() => loadConfig({ PUSH_ALLOWED_ORIGINS: 'ftp://push.example.org' })).toThrow(/PUSH_ALLOWED_ORIGINS must be origins/);
  });
});

describe('hosting (HOSTING_DOMAIN, issue 36)', () => {
  it('is off unless set: the one club on every host', () => {
    expect(loadConfig({}).hostingDomain).toBeUndefined();
    expect(loadConfig({ HOSTING_DOMAIN: '' }).hostingDomain).toBeUndefined();
  });

  it('reads a host name, in lower case, without a trailing dot', () => {
    expect(loadConfig({ HOSTING_DOMAIN: ' Clubs.Example.org. ' }).hostingDomain).toBe('clubs.example.org');
    expect(loadConfig({ HOSTING_DOMAIN: 'localhost' }).hostingDomain).toBe('localhost');
  });

  it.each(['https://clubs.example.org', 'clubs.example.org:8443', '*.clubs.example.org', 'clubs..example.org', '-clubs.example.org'])(
    'refuses %s with a clear message',
    (value) => {
      expect(() => loadConfig({ HOSTING_DOMAIN: value })).toThrow(/HOSTING_DOMAIN must be a host name, e.g. clubs.example.org/);
    },
  );
});

describe("the host's operator (OPERATOR_USERNAME, OPERATOR_PASSWORD, issue 36)", () => {
  const hosting = { HOSTING_DOMAIN: 'clubs.example.org' };

  it('is there only when both are set, with hosting on', () => {
    expect(loadConfig(hosting).operator).toBeUndefined();
    expect(loadConfig({ ...hosting, OPERATOR_USERNAME: '', OPERATOR_PASSWORD: '' }).operator).toBeUndefined();
    expect(loadConfig({ ...hosting, OPERATOR_USERNAME: ' host ', OPERATOR_PASSWORD: 'a long operator password' }).operator).toEqual({
      username: 'host',
      password: 'a long operator password',
    });
  });

  it('refuses one without the other, a short password, and an operator without HOSTING_DOMAIN', () => {
    expect(() => loadConfig({ ...hosting, OPERATOR_USERNAME: 'host' })).toThrow(/OPERATOR_USERNAME and OPERATOR_PASSWORD are set together/);
    expect(() => loadConfig({ ...hosting, OPERATOR_PASSWORD: 'a long operator password' })).toThrow(/set together/);
    expect(() => loadConfig({ ...hosting, OPERATOR_USERNAME: 'host', OPERATOR_PASSWORD: 'short' })).toThrow(/OPERATOR_PASSWORD must be at least 12 characters/);
    expect(() => loadConfig({ OPERATOR_USERNAME: 'host', OPERATOR_PASSWORD: 'a long operator password' })).toThrow(/HOSTING_DOMAIN, which is not set/);
  });
});
