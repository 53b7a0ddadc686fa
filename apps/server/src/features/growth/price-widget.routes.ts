import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { FURNISH_TYPES } from '@kunci/contracts/listings';
import type { PriceCheck } from '@kunci/contracts/growth';
import { formatDate, formatNumber } from '@kunci/i18n/format';
import { HTML_LANG, LANGUAGES, isLanguage, type Language } from '@kunci/i18n/locales';
import { translatorFor, type MessageKey } from '@kunci/i18n/messages';
import { href } from '@kunci/i18n/paths';
import type { PriceCheckerService } from './price-checker.service.ts';

/** The widget's own query: what its form sends back to it (it works without script too). */
const WidgetQuery = z.object({
  lang: z.string().optional(),
  building: z.string().trim().max(100).optional(),
  id: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
  bedroom: z.coerce.number().int().min(0).max(10).optional().catch(undefined),
  furnish: z.enum(FURNISH_TYPES).optional().catch(undefined),
});

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string | number) => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * Anyone may frame the widget (it holds nothing personal and acts for no one): no X-Frame-Options, frame-ancestors
 * open, and a policy of its own that allows only its inline script and calls to us.
 */
function embeddable(reply: FastifyReply, policy: string) {
  reply.removeHeader('x-frame-options');
  reply.header('cross-origin-resource-policy', 'cross-origin');
  reply.header('content-security-policy', policy);
}

const STYLE = `*{box-sizing:border-box}body{margin:0;font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#fff}
main{padding:14px;border:1px solid #e5e7eb;border-radius:12px}h1{font-size:17px;margin:0 0 10px}label{display:block;font-size:13px;font-weight:600;margin:8px 0 3px}
input,select,button{font:inherit;width:100%;padding:8px 10px;border:1px solid #d1d5db;border-radius:8px;background:#fff;color:inherit}
.row{display:flex;gap:8px}.row>div{flex:1}button{margin-top:12px;background:#0f766e;border-color:#0f766e;color:#fff;font-weight:600;cursor:pointer}
button:focus-visible,input:focus-visible,select:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:1px}
.result{margin-top:14px;padding:12px;border-radius:10px;background:#f0fdfa}.range{font-size:22px;font-weight:700;color:#115e59;margin:2px 0}
.muted{font-size:12.5px;color:#4b5563;margin:4px 0}.bars{display:flex;align-items:flex-end;gap:3px;height:56px;margin-top:8px}
.bars span{flex:1;background:#99f6e4;border-radius:3px 3px 0 0;min-height:3px}.bars span.in{background:#0f766e}
.error{color:#b91c1c}footer{margin-top:10px;font-size:12px;text-align:right}a{color:#0f766e}`;

/** Tells the page that embeds us how tall we are, so the script tag's frame fits without a scroll bar. */
const HEIGHT_SCRIPT = `(function(){var s=function(){parent.postMessage({kunciPriceWidgetHeight:document.documentElement.scrollHeight},'*')};
addEventListener('load',s);addEventListener('resize',s);s();
var i=document.getElementById('b'),d=document.getElementById('bl'),h=document.getElementById('id'),t=0,n={};
if(i)i.addEventListener('input',function(){h.value=n[i.value]||'';clearTimeout(t);var q=i.value.trim();if(q.length<2)return;
t=setTimeout(function(){fetch('/api/properties/price-checker/name/autocomplete',{method:'POST',headers:{'content-type':'application/json','x-language':document.documentElement.dataset.lang},body:JSON.stringify({keywords:q})})
.then(function(r){return r.ok?r.json():{content:[]}}).then(function(r){d.textContent='';r.content.forEach(function(b){var o=document.createElement('option');o.value=b.name;o.label=b.areaName;n[b.name]=b.id;d.appendChild(o)});h.value=n[i.value]||''})
.catch(function(){})},200)})})();`;

function page(lang: Language, nonce: string, body: string, publicUrl: string): string {
  const t = translatorFor(lang);
  return `<!doctype html><html lang="${HTML_LANG[lang]}" data-lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(t('growth.price.title'))}</title><style>${STYLE}</style></head><body><main>${body}
<footer><a href="${escape(publicUrl + href(lang, 'priceChecker'))}" target="_blank" rel="noopener">${escape(t('growth.price.poweredBy'))}</a></footer></main>
<script nonce="${nonce}">${HEIGHT_SCRIPT}</script></body></html>`;
}

function form(lang: Language, query: z.infer<typeof WidgetQuery>): string {
  const t = translatorFor(lang);
  const bedrooms = [0, 1, 2, 3, 4, 5]
    .map((n) => `<option value="${n}"${(query.bedroom ?? 2) === n ? ' selected' : ''}>${n === 0 ? escape(t('growth.price.studio')) : n}</option>`)
    .join('');
  const furnishing = [
    `<option value="">${escape(t('growth.price.anyFurnishing'))}</option>`,
    ...FURNISH_TYPES.map((f) => `<option value="${f}"${query.furnish === f ? ' selected' : ''}>${escape(t(`furnish.${f}` as MessageKey))}</option>`),
  ].join('');
  return `<h1>${escape(t('growth.price.title'))}</h1><form method="get" action="/widget/price-checker">
<input type="hidden" name="lang" value="${lang}"><input type="hidden" name="id" id="id" value="${escape(query.id ?? '')}">
<label for="b">${escape(t('growth.price.building'))}</label><input id="b" name="building" list="bl" required minlength="2" maxlength="100" autocomplete="off" value="${escape(query.building ?? '')}"><datalist id="bl"></datalist>
<div class="row"><div><label for="r">${escape(t('growth.price.bedrooms'))}</label><select id="r" name="bedroom">${bedrooms}</select></div>
<div><label for="f">${escape(t('growth.price.furnishing'))}</label><select id="f" name="furnish">${furnishing}</select></div></div>
<button type="submit">${escape(t('growth.price.check'))}</button></form>`;
}

function result(lang: Language, check: PriceCheck): string {
  const t = translatorFor(lang);
  const money = (n: number) => formatNumber(lang, n);
  if (check.count === 0 || check.low === null || check.high === null) {
    const bedrooms = check.bedroom === 0 ? t('growth.price.studio') : t('listing.bedrooms', { count: check.bedroom });
    return `<div class="result" role="status"><p>${escape(t('growth.price.none', { bedrooms, building: check.building.name, area: check.building.areaName }))}</p></div>`;
  }
  const most = Math.max(...check.buckets.map((b) => b.count));
  const bars = check.buckets
    .map(
      (b) =>
        `<span class="${b.to > check.low! && b.from <= check.high! ? 'in' : ''}" style="height:${Math.max(6, Math.round((b.count / most) * 100))}%" title="${escape(
          t('growth.price.chartBar', { from: money(b.from), to: money(b.to), count: b.count }),
        )}"></span>`,
    )
    .join('');
  return `<div class="result" role="status"><div class="muted">${escape(t('growth.price.rangeLabel'))} · ${escape(check.building.name)}</div>
<p class="range">${escape(t('growth.price.range', { low: money(check.low), high: money(check.high) }))}</p>
<p class="muted">${escape(t('growth.price.basedOn', { count: check.count, since: formatDate(lang, check.since), live: check.live, past: check.past }))}</p>
<p class="muted">${escape(t(`growth.price.basis.${check.basis}` as MessageKey, { area: check.building.areaName }))}</p>
<div class="bars" role="img" aria-label="${escape(t('growth.price.chart'))}">${bars}</div></div>`;
}

/**
 * The embeddable price checker: `/widget/price-checker` is a bare page (one small HTML answer, inline style, a few
 * hundred bytes of script for suggestions and height) for an iframe; `/widget/price-checker.js` is the one script
 * tag other sites paste, which puts that iframe after itself. The form posts back to the page, so it works without
 * script as well.
 */
export const priceWidgetRoutes: FastifyPluginAsync<{ service: PriceCheckerService; publicUrl: string }> = async (app, { service, publicUrl }) => {
  app.get('/widget/price-checker', { schema: { hide: true } }, async (request, reply) => {
    const query = WidgetQuery.catch({}).parse(request.query);
    const lang: Language = isLanguage(query.lang) ? query.lang : 'en';
    const t = translatorFor(lang);
    let body = form(lang, query);
    if (query.building && query.building.length >= 2) {
      try {
        const name = query.building.toLowerCase();
        const check = (landmarkLabelId: number) =>
          service.check({ landmarkLabelId, bedroom: query.bedroom ?? 2, furnishType: query.furnish ?? null }, lang);
        // The id the suggestions picked, unless the name was changed since (then the name is looked up).
        let answer = query.id ? await check(query.id).catch(() => undefined) : undefined;
        if (answer && answer.building.name.toLowerCase() !== name) answer = undefined;
        if (!answer) {
          const found = (await service.buildings(query.building, lang)).content;
          const id = (found.find((b) => b.name.toLowerCase() === name) ?? found[0])?.id;
          if (id) answer = await check(id);
        }
        body += answer ? result(lang, answer) : `<div class="result" role="status"><p>${escape(t('growth.price.noBuilding'))}</p></div>`;
      } catch (error) {
        request.log.warn({ err: error }, 'price widget check failed');
        body += `<div class="result error" role="alert"><p>${escape(t('growth.price.error'))}</p></div>`;
      }
    }
    embeddable(
      reply,
      `default-src 'none'; script-src 'nonce-${request.cspNonce}'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors *`,
    );
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(page(lang, request.cspNonce, body, publicUrl));
  });

  const titles = JSON.stringify(Object.fromEntries(LANGUAGES.map((lang) => [lang, translatorFor(lang)('growth.price.title')])));
  const script = `(function(){var s=document.currentScript;if(!s)return;var l=s.getAttribute('data-lang')||'en',o=new URL(s.src).origin,t=${titles};
if(!t[l])l='en';var f=document.createElement('iframe');f.src=o+'/widget/price-checker?lang='+l;f.title=t[l];f.loading='lazy';
f.style.cssText='display:block;width:100%;max-width:'+(s.getAttribute('data-width')||'420px')+';height:330px;border:0';s.parentNode.insertBefore(f,s.nextSibling);
addEventListener('message',function(e){if(e.origin===o&&e.source===f.contentWindow&&e.data&&typeof e.data.kunciPriceWidgetHeight==='number')f.style.height=Math.min(2000,e.data.kunciPriceWidgetHeight)+'px'})})();`;
  app.get('/widget/price-checker.js', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'public, max-age=3600')
      .send(script),
  );
};
