import { expect } from '@playwright/test';
import { signIn, test } from '../support.ts';

test('the notification settings on a phone: kinds grouped under headings, landlords’ apart and folded, the last row clear of the floating buttons', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, '+60123000001', 'kunci-tenant-2026');
  await page.goto('/zh/dashboard/notifications/settings');
  const main = page.getByRole('main');
  for (const heading of ['聊天', '看房', '已保存的搜索', '租房交易与协议', '我的账户与举报']) {
    await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  // The demo tenant has listed no home: what landlords get is there, folded under its own label.
  const landlords = main.locator('details').filter({ hasText: '房东通知' });
  await expect(landlords.getByRole('checkbox', { name: '“我的房源通过审核”的电子邮件' })).toBeHidden();
  await landlords.locator('summary').click();
  await expect(landlords.getByRole('heading', { level: 3, name: '我的房源' })).toBeVisible();

  // Scrolled to the end of the page's own content, the floating buttons sit below its last box, over empty space.
  const lastBox = landlords;
  await lastBox.evaluate((box) => {
    const page = box.closest('main')!.firstElementChild!;
    window.scrollTo({ top: page.getBoundingClientRect().bottom + window.scrollY - window.innerHeight, behavior: 'instant' });
  });
  const floating = [page.getByRole('button', { name: '回到顶部' }), page.getByRole('button', { name: '打开聊天' })];
  for (const button of floating) await expect(button).toBeVisible();
  const contentBottom = (await lastBox.boundingBox())!.y + (await lastBox.boundingBox())!.height;
  for (const button of floating) expect((await button.boundingBox())!.y).toBeGreaterThan(contentBottom);
  // And the last SMS box is what a tap there reaches.
  const last = main.getByRole('checkbox').last();
  expect(
    await last.evaluate((box) => {
      const r = box.getBoundingClientRect();
      return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === box;
    }),
  ).toBe(true);
});
