import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { ErrorCode } from '@kunci/contracts/errors';
import { FPX_BANKS, SimulatorChoice, type Receipt } from '@kunci/contracts/payments';
import { HTML_LANG, isLanguage, type Language } from '@kunci/i18n/locales';
import { translatorFor, type MessageKey } from '@kunci/i18n/messages';
import { AppError } from '../../lib/app-error.ts';
import { cookie } from '../../lib/cookies.ts';
import type { SessionsRepository } from '../../lib/sessions.repository.ts';
import { AUTH_COOKIE } from '../../plugins/auth.ts';
import type { PaymentsService } from './payments.service.ts';
import { money, receiptRows } from './receipt-rows.ts';

/**
 * The simulator's hosted pay page and the receipt page: small server-rendered pages without scripts (plain
 * forms), in the payer's language, like a gateway's own hosted page.
 */

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font-family:system-ui,"Noto Sans SC",sans-serif;font-size:1rem;line-height:1.5;margin:0;background:#f5f5f4;color:#1c1917}
main{max-width:28rem;margin:2rem auto;background:#fff;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 3px #0002}
@media (max-width:30rem){main{margin:0;border-radius:0;box-shadow:none;min-height:100vh;padding:1.25rem 1rem}}
h1{font-size:1.25rem;margin:0 0 1rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:0 0 1rem}dt{color:#57534e}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
fieldset{border:1px solid #d6d3d1;border-radius:.5rem;margin:0 0 1rem;padding:1rem}legend{font-weight:600;padding:0 .25rem}label{display:block;margin:.25rem 0}
input,select{font:inherit;padding:.5rem;width:100%;min-height:2.75rem;box-sizing:border-box;border:1px solid #78716c;border-radius:.375rem;background:#fff;color:inherit}
[aria-invalid=true]{border-color:#b91c1c;border-width:2px}
button{font:inherit;min-height:2.75rem;padding:.6rem 1rem;border-radius:.375rem;border:0;background:#0f766e;color:#fff;margin-top:.5rem;cursor:pointer;width:100%}
button.secondary{background:#e7e5e4;color:#1c1917}:focus-visible{outline:3px solid #0f766e;outline-offset:2px}
.note{font-size:.875rem;color:#57534e;margin:.5rem 0}.error{color:#b91c1c;font-weight:600;margin:.5rem 0 0}a{color:#0f766e}`;

function page(lang: Language, title: string, body: string): string {
  return `<!doctype html><html lang="${HTML_LANG[lang]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)} · Kunci</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const send = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

/** Which field a refusal is about: its message sits beside that field, tied to it for screen readers. */
type PayError = { message: string; field: 'cardNumber' | 'bank' | 'method' };

function payPage(lang: Language, token: string, view: Awaited<ReturnType<PaymentsService['simulatorPage']>>, error?: PayError): string {
  const t = translatorFor(lang);
  const amount = money(lang, view.payment.amountSen);
  const action = `/pay/sim/${encodeURIComponent(token)}?lang=${lang}`;
  const banks = FPX_BANKS.map((bank) => `<option value="${bank.code}">${escape(bank.name)}</option>`).join('');
  const problem = (field: PayError['field'], id: string) =>
    error?.field === field ? `<p class="error" id="${id}-error" role="alert">${escape(error.message)}</p>` : '';
  const invalid = (field: PayError['field'], id: string, hint?: string) =>
    error?.field === field
      ? ` aria-invalid="true" aria-describedby="${[`${id}-error`, hint].filter(Boolean).join(' ')}"`
      : hint
        ? ` aria-describedby="${hint}"`
        : '';
  return page(
    lang,
    t('payments.pay.title'),
    `<h1>${escape(t('payments.pay.title'))}</h1><p class="note">${escape(t('payments.simulator.notice'))}</p>
<dl><dt>${escape(t('payments.amount'))}</dt><dd>${escape(amount)}</dd><dt>${escape(t('payments.for'))}</dt><dd>${escape(view.payment.description)}</dd></dl>
${problem('method', 'method')}
<form method="post" action="${action}"><fieldset><legend>${escape(t('payments.method.card'))}</legend><input type="hidden" name="outcome" value="pay"><input type="hidden" name="method" value="card">
<label for="card">${escape(t('payments.card.number'))}</label><input id="card" name="cardNumber" inputmode="numeric" autocomplete="off" required placeholder="4242 4242 4242 4242"${invalid('cardNumber', 'card', 'card-hint')}>
${problem('cardNumber', 'card')}<p class="note" id="card-hint">${escape(t('payments.card.hint'))}</p><button type="submit">${escape(t('payments.card.pay', { amount }))}</button></fieldset></form>
<form method="post" action="${action}"><fieldset><legend>${escape(t('payments.method.fpx'))}</legend><input type="hidden" name="outcome" value="pay"><input type="hidden" name="method" value="fpx">
<label for="bank">${escape(t('payments.bank.choose'))}</label><select id="bank" name="bank" required${invalid('bank', 'bank')}><option value="">—</option>${banks}</select>
${problem('bank', 'bank')}<button type="submit" name="bankOutcome" value="approve">${escape(t('payments.fpx.approve', { amount }))}</button>
<button type="submit" name="bankOutcome" value="reject" class="secondary">${escape(t('payments.fpx.reject'))}</button></fieldset></form>
<form method="post" action="${action}"><input type="hidden" name="outcome" value="cancel"><button type="submit" class="secondary">${escape(t('payments.cancel'))}</button></form>`,
  );
}

function receiptPage(receipt: Receipt): string {
  const t = translatorFor(receipt.language);
  const rows = receiptRows(receipt)
    .map((row) => `<dt>${escape(t(row.label))}</dt><dd>${escape(row.value)}</dd>`)
    .join('');
  return page(
    receipt.language,
    t('payments.receipt.title'),
    `<h1>Kunci · ${escape(t('payments.receipt.title'))}</h1><dl>${rows}</dl><p class="note">${escape(t('payments.receipt.footer'))}</p>
<p><a href="/api/payments/${receipt.paymentId}/receipt.pdf?lang=${receipt.language}">${escape(t('payments.receipt.pdf'))}</a></p>`,
  );
}

function pageLanguage(query: unknown, fallback: Language): Language {
  const lang = (query as { lang?: unknown } | undefined)?.lang;
  return isLanguage(lang) ? lang : fallback;
}

export const paymentsPages: FastifyPluginAsync<{ service: PaymentsService; sessions: SessionsRepository; simulator: boolean }> = async (
  app,
  { service, sessions, simulator },
) => {
  // The pay page's forms post URL-encoded fields.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  if (simulator) {
    app.get<{ Params: { token: string } }>('/pay/sim/:token', { schema: { hide: true }, config: { page: true } }, async (request, reply) => {
      try {
        const view = await service.simulatorPage(request.params.token);
        if (view.payment.status !== 'PENDING') return reply.redirect(view.returnUrl, 303);
        return send(reply, 200, payPage(pageLanguage(request.query, view.language), request.params.token, view));
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== ErrorCode.NOT_FOUND) throw error;
        const lang = pageLanguage(request.query, 'en');
        return send(
          reply,
          404,
          page(lang, translatorFor(lang)('payments.link.invalid'), `<p>${escape(translatorFor(lang)('payments.link.invalid'))}</p>`),
        );
      }
    });

    app.post<{ Params: { token: string } }>('/pay/sim/:token', { schema: { hide: true }, config: { page: true } }, async (request, reply) => {
      const view = await service.simulatorPage(request.params.token).catch((error: unknown) => {
        if (error instanceof AppError && error.code === ErrorCode.NOT_FOUND) return null;
        throw error;
      });
      if (!view) {
        const lang = pageLanguage(request.query, 'en');
        return send(reply, 404, page(lang, 'Kunci', `<p>${escape(translatorFor(lang)('payments.link.invalid'))}</p>`));
      }
      const raw = Object.fromEntries(Object.entries((request.body ?? {}) as Record<string, string>).filter(([, value]) => value !== ''));
      const parsed = SimulatorChoice.safeParse(raw);
      const lang = pageLanguage(request.query, view.language);
      const refuse = (messageKey: MessageKey) => {
        const field = messageKey === 'payments.card.invalid' ? 'cardNumber' : messageKey === 'payments.bank.required' ? 'bank' : 'method';
        return send(reply, 422, payPage(lang, request.params.token, view, { message: translatorFor(lang)(messageKey), field }));
      };
      if (!parsed.success) return refuse('payments.method.required');
      try {
        const { returnUrl } = await service.simulatorChoose(request.params.token, parsed.data);
        return reply.redirect(returnUrl, 303);
      } catch (error) {
        if (error instanceof AppError && error.messageKey && error.code === ErrorCode.VALIDATION) {
          return refuse(error.messageKey);
        }
        if (error instanceof AppError && error.code === ErrorCode.CONFLICT) return reply.redirect(view.returnUrl, 303);
        throw error;
      }
    });
  }

  app.get<{ Params: { id: string } }>('/receipts/:id', { schema: { hide: true }, config: { page: true } }, async (request, reply) => {
    const token = cookie(request, AUTH_COOKIE);
    const session = token ? await sessions.findActive(token) : undefined;
    const asked = (request.query as { lang?: unknown }).lang;
    const lang = isLanguage(asked) ? asked : 'en';
    const t = translatorFor(lang);
    if (!session || session.user.status !== 'active')
      return send(
        reply,
        401,
        page(lang, t('payments.receipt.title'), `<p>${escape(t('payments.receipt.signIn'))}</p><p><a href="/login">Kunci</a></p>`),
      );
    if (!/^[0-9a-f-]{36}$/i.test(request.params.id))
      return send(reply, 404, page(lang, t('payments.receipt.title'), `<p>${escape(t('errors.11404'))}</p>`));
    try {
      const receipt = await service.receipt(
        request.params.id,
        { id: session.user.id, role: session.user.role },
        isLanguage(asked) ? asked : undefined,
      );
      return send(reply, 200, receiptPage(receipt));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const status = error.code === ErrorCode.FORBIDDEN ? 403 : error.code === ErrorCode.CONFLICT ? 409 : 404;
      const message = error.code === ErrorCode.FORBIDDEN ? t('payments.receipt.forbidden') : t(error.messageKey ?? `errors.${error.code}`);
      return send(reply, status, page(lang, t('payments.receipt.title'), `<p>${escape(message)}</p>`));
    }
  });
};
