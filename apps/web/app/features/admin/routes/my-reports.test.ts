import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { MyReport } from '@kunci/contracts/admin';
import type { Language } from '@kunci/i18n/locales';
import { renderPage } from '../../../lib/route-testing.ts';
import MyReports from './my-reports.tsx';

type Props = Parameters<typeof MyReports>[0];

const reports: MyReport[] = [
  {
    id: 7,
    kind: 'LISTING',
    reason: 'SCAM',
    subject: 'Bangsar Heights',
    propertyId: 12,
    createdAt: '2026-11-20T03:00:00.000Z',
    outcome: 'WARNED',
    decidedAt: '2026-11-21T03:00:00.000Z',
  },
];

/** The page server-rendered in `lang`, as text without its tags. */
async function page(lang: Language): Promise<string> {
  const mine = createElement(MyReports, { loaderData: { reports, reported: false } } as unknown as Props);
  const html = await renderPage(mine, { lang, url: 'http://localhost:3000/reports' });
  return html.replace(/<[^>]+>/g, '');
}

describe('my reports', () => {
  it('labels each outcome with the colon its language writes: full-width in Chinese', async () => {
    expect(await page('en')).toContain('Outcome: The person was warned.');
    expect(await page('ms')).toContain('Keputusan: ');
    const zh = await page('zh');
    expect(zh).toContain('处理结果：已向对方发出警告。');
    expect(zh).not.toMatch(/\p{Script=Han}\s*[:()]|[:()]\s*\p{Script=Han}/u);
  });
});
