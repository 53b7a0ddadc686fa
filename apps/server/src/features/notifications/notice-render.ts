import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NoticeChannel, NoticeView } from '@kunci/contracts/notifications';
import { HTML_LANG, type Language } from '@kunci/i18n/locales';
import { translatorFor } from '@kunci/i18n/messages';
import { href } from '@kunci/i18n/paths';
import type { EmailExtra } from '../../plugins/messaging.ts';
import { linkPath, type NoticeType } from '../../lib/notices.ts';
import type { NoticeRow } from './notifications.repository.ts';

/** The notice's own texts and links in one language (every channel starts from this). */
export function renderNotice(definition: NoticeType, notice: NoticeRow, lang: Language): Omit<NoticeView, 'id' | 'read' | 'createdAt' | 'type'> {
  const t = translatorFor(lang);
  const values = definition.values ? definition.values(lang, notice.params) : notice.params;
  return {
    title: t(definition.title, values),
    body: t(definition.body, values),
    url: linkPath(lang, notice.link),
    items: notice.items.map((item) => ({
      title: item.title,
      subtitle: item.subtitle ?? null,
      url: linkPath(lang, item.link),
      imageUrl: item.imageUrl ?? null,
    })),
  };
}

/**
 * The one-click unsubscribe token: who, which type, which channel, signed. It never expires (old emails keep
 * working); it can only turn that one preference off.
 */
export function unsubscribeToken(secret: string, userId: string, type: string, channel: NoticeChannel): string {
  const body = Buffer.from(JSON.stringify([userId, type, channel])).toString('base64url');
  return `${body}.${createHmac('sha256', secret).update(`unsubscribe:${body}`).digest('base64url')}`;
}

export function readUnsubscribeToken(secret: string, token: string): { userId: string; type: string; channel: NoticeChannel } | undefined {
  const [body, signature] = token.split('.');
  if (!body || !signature) return undefined;
  const expected = createHmac('sha256', secret).update(`unsubscribe:${body}`).digest('base64url');
  if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return undefined;
  try {
    const [userId, type, channel] = JSON.parse(Buffer.from(body, 'base64url').toString()) as [string, string, NoticeChannel];
    return typeof userId === 'string' && typeof type === 'string' && ['email', 'sms', 'push'].includes(channel)
      ? { userId, type, channel }
      : undefined;
  } catch {
    return undefined;
  }
}

/** The site's brand green (brand-700 of the web app's Tailwind theme, apps/web/app/app.css): the email looks like the site. */
export const EMAIL_BRAND_COLOUR = '#0b634a';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface RenderedEmail {
  subject: string;
  text: string;
  extra: Required<EmailExtra>;
}

/**
 * The email of a notice: plain text and HTML with the same content (cards as lines in the text), a footer that
 * says why it came, the unsubscribe page's link in the footer (the page asks before it turns the email off: mail
 * scanners open links) and the API's in List-Unsubscribe, which mail clients POST to (RFC 8058; a GET of it is
 * sent on to the page).
 */
export function renderEmail(
  definition: NoticeType,
  notice: NoticeRow,
  lang: Language,
  options: { publicUrl: string; unsubscribeUrl: string; oneClickUrl: string },
): RenderedEmail {
  const t = translatorFor(lang);
  const view = renderNotice(definition, notice, lang);
  const absolute = (path: string) => new URL(path, options.publicUrl).toString();
  const url = absolute(view.url);
  const settingsUrl = absolute(href(lang, 'notificationSettings'));
  const label = t(definition.label);
  const text = [
    view.title,
    '',
    view.body,
    ...view.items.flatMap((item) => ['', item.title, ...(item.subtitle ? [item.subtitle] : []), absolute(item.url)]),
    '',
    t('notifications.email.open', { url }),
    '',
    '--',
    t('notifications.email.why', { label }),
    t('notifications.email.unsubscribe', { url: options.unsubscribeUrl }),
    t('notifications.email.settings', { url: settingsUrl }),
  ].join('\n');

  const cards = view.items
    .map(
      (item) => `<tr><td style="padding:8px 0;border-top:1px solid #e5e7eb">
<table role="presentation" cellpadding="0" cellspacing="0"><tr>${
        item.imageUrl
          ? `<td style="padding-right:12px;vertical-align:top"><img src="${escape(item.imageUrl)}" width="120" height="80" alt="" style="display:block;border-radius:6px;object-fit:cover"></td>`
          : ''
      }<td style="vertical-align:top"><a href="${escape(absolute(item.url))}" style="color:#111827;font-weight:600;text-decoration:none">${escape(item.title)}</a>${
        item.subtitle ? `<div style="color:#4b5563;font-size:14px;margin-top:4px">${escape(item.subtitle)}</div>` : ''
      }</td></tr></table></td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="${HTML_LANG[lang]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(view.title)}</title></head>
<body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px">
<div style="font-size:14px;color:${EMAIL_BRAND_COLOUR};font-weight:700">Kunci</div>
<h1 style="font-size:20px;margin:12px 0">${escape(view.title)}</h1>
<p style="font-size:16px;line-height:1.5;margin:0 0 16px">${escape(view.body).replace(/\n/g, '<br>')}</p>
${cards ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${cards}</table>` : ''}
<p style="margin:20px 0 0"><a href="${escape(url)}" style="display:inline-block;background:${EMAIL_BRAND_COLOUR};color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600">${escape(t('notifications.email.openButton'))}</a></p>
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:12px;color:#6b7280;line-height:1.5">
${escape(t('notifications.email.why', { label }))}<br>
<a href="${escape(options.unsubscribeUrl)}" style="color:#6b7280">${escape(t('notifications.email.unsubscribeLink'))}</a> ·
<a href="${escape(settingsUrl)}" style="color:#6b7280">${escape(t('notifications.email.settingsLink'))}</a>
</td></tr></table></td></tr></table></body></html>`;
  return {
    subject: view.title,
    text,
    extra: {
      html,
      headers: { 'List-Unsubscribe': `<${options.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    },
  };
}

/** The SMS of an urgent notice: its body and link, short. */
export function renderSms(definition: NoticeType, notice: NoticeRow, lang: Language, publicUrl: string): string {
  const view = renderNotice(definition, notice, lang);
  return `${view.body} ${new URL(view.url, publicUrl).toString()}`;
}

/** What the service worker shows: title, body, where a tap goes, and a tag so a resent notice replaces itself. */
export function renderPush(definition: NoticeType, notice: NoticeRow, lang: Language, publicUrl: string) {
  const view = renderNotice(definition, notice, lang);
  return { title: view.title, body: view.body, url: new URL(view.url, publicUrl).toString(), tag: `notice-${notice.id}` };
}
