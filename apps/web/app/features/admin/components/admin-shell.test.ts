import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '@kunci/contracts/staff';
import { CATALOGUES } from '@kunci/i18n/messages';
import type { Language } from '@kunci/i18n/locales';
import { I18nProvider } from '../../../lib/i18n.tsx';
import { AdminShell } from './admin-shell.tsx';

/** The console's section links as a staff member of `role` sees them, server-rendered in `lang`. */
async function sections(role: StaffRole, lang: Language = 'en') {
  const shell = createElement(AdminShell, { role, title: 'Console', children: null });
  const element = createElement(I18nProvider, { lang, messages: CATALOGUES[lang], children: shell });
  const handler = createStaticHandler([{ path: '*', element }]);
  const context = await handler.query(new Request('http://localhost:3000/admin'));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const html = renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context }));
  return [...html.matchAll(/<a[^>]*href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[1], m[2]]);
}

describe('the console’s sections', () => {
  it('offer operations the referral rewards to pay, in their language', async () => {
    expect(await sections('operations')).toContainEqual(['/admin/referral-rewards', 'Referral rewards to pay']);
    expect(await sections('operations', 'ms')).toContainEqual(['/my/admin/referral-rewards', 'Ganjaran rujukan untuk dibayar']);
    expect(await sections('admin', 'zh')).toContainEqual(['/zh/admin/referral-rewards', '待支付的推荐奖励']);
  });

  it('do not offer them to moderators or editors, who cannot pay', async () => {
    for (const role of ['moderator', 'editor'] as const)
      expect((await sections(role)).map(([path]) => path)).not.toContain('/admin/referral-rewards');
  });
});
