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
