import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '@kunci/contracts/staff';
import type { Language } from '@kunci/i18n/locales';
import { renderPage } from '../../../lib/route-testing.ts';
import { AdminShell } from './admin-shell.tsx';

/** The console's section links as a staff member of `role` sees them, server-rendered in `lang`. */
async function sections(role: StaffRole, lang: Language = 'en') {
  const shell = createElement(AdminShell, { role, title: 'Console', children: null });
  const html = await renderPage(shell, { lang, url: 'http://localhost:3000/admin' });
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
