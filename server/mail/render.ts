import { club } from '../../shared/club';

/** Dark ink on white; the header and buttons in the club's colours (issue 33: read when the mail is made). */
const INK = '#111827';
const MUTED = '#4b5563';

export interface MailContent {
  subject: string;
  /** "Hello Sam," — or none. */
  greeting?: string;
  paragraphs: string[];
  /** The page the mail is about (absolute URL). */
  action?: { label: string; url: string };
  /** Several buttons side by side (e.g. Available / Maybe / Unavailable), each its own link. */
  actions?: Array<{ label: string; url: string }>;
  /** Where the reader turns this kind of mail off (absolute URL); password mails have none. */
  settingsUrl?: string;
  /** The signed one-click link that turns this kind of mail off (kinds a member can turn off). */
  unsubscribeUrl?: string;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A plain-text part (every client can read it) and a simple, inline-styled HTML part. */
export function renderMail(content: MailContent): { subject: string; text: string; html: string } {
  const { club_name: clubName, primary_colour: BRAND, secondary_colour: GOLD } = club();
  const text = [
    clubName,
    '',
    ...(content.greeting ? [content.greeting, ''] : []),
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.actions ?? []).flatMap((a) => [`${a.label}: ${a.url}`, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    '-- ',
    clubName,
    ...(content.settingsUrl ? [`Choose which e-mails you get: ${content.settingsUrl}`] : []),
    ...(content.unsubscribeUrl ? [`Stop e-mails like this one: ${content.unsubscribeUrl}`] : []),
  ].join('\n');

  const paragraph = (p: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${INK}">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f7f7f5;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f7f7f5"><tr><td align="center" style="padding:16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${BRAND};border-bottom:4px solid ${GOLD};padding:16px 24px;color:#ffffff;font-size:20px;font-weight:bold">${escapeHtml(clubName)}</td></tr>
<tr><td style="padding:24px">
${content.greeting ? paragraph(content.greeting) : ''}
${content.paragraphs.map(paragraph).join('\n')}
${
  content.actions?.length
    ? `<p style="margin:24px 0">${content.actions
        .map(
          (a) =>
            `<a href="${escapeHtml(a.url)}" style="display:inline-block;margin:0 8px 8px 0;background:${BRAND};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px">${escapeHtml(a.label)}</a>`,
        )
        .join('')}</p>`
    : ''
}
${
  content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:${MUTED}">Or open this address: <a href="${escapeHtml(content.action.url)}" style="color:${BRAND}">${escapeHtml(content.action.url)}</a></p>`
    : ''
}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #d1d5db;font-size:13px;color:${MUTED}">${escapeHtml(clubName)}${
    content.settingsUrl ? ` · <a href="${escapeHtml(content.settingsUrl)}" style="color:${BRAND}">Notification settings</a>` : ''
  }${content.unsubscribeUrl ? ` · <a href="${escapeHtml(content.unsubscribeUrl)}" style="color:${BRAND}">Unsubscribe</a>` : ''}</td></tr>
</table></td></tr></table>
</body></html>`;
  return { subject: content.subject, text, html };
}
