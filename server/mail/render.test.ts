import { describe, expect, it } from 'vitest';
import { renderMail } from './render';

describe('renderMail', () => {
  const mail = renderMail({
    subject: 'New Join Us application: <b>Eve</b>',
    greeting: 'Hello,',
    paragraphs: ['Message: <script>alert(1)</script> & "quotes"', 'Line one\nLine two'],
    action: { label: 'See applications', url: 'https://club.example.org/admin/join-us?a=1&b=2' },
    settingsUrl: 'https://club.example.org/players-area/account',
  });

  it('has a plain-text part with the link and the settings footer', () => {
    expect(mail.text).toContain('Riverside Rovers FC');
    expect(mail.text).toContain('Message: <script>alert(1)</script> & "quotes"');
    expect(mail.text).toContain('See applications: https://club.example.org/admin/join-us?a=1&b=2');
    expect(mail.text).toContain('Choose which e-mails you get: https://club.example.org/players-area/account');
  });

  it('escapes everything in the HTML part (applicants and customers write some of it)', () => {
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    expect(mail.html).toContain('<title>New Join Us application: &lt;b&gt;Eve&lt;/b&gt;</title>');
    expect(mail.html).toContain('href="https://club.example.org/admin/join-us?a=1&amp;b=2"');
    expect(mail.html).toContain('Line one<br>Line two');
  });

  it("uses the club's colours and has no settings link when none is given (password mails)", () => {
    expect(mail.html).toContain('#14532d');
    expect(mail.html).toContain('#facc15');
    const bare = renderMail({ subject: 'Choose a new password', paragraphs: ['x'] });
    expect(bare.text).not.toContain('Choose which e-mails');
    expect(bare.html).not.toContain('Notification settings');
  });
});
