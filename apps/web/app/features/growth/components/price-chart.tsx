import type { PriceCheck } from '@kunci/contracts/growth';
import { useI18n } from '../../../lib/i18n.tsx';

/**
 * How many comparable rentals asked each rent: one bar per band, the recommended range in the brand colour. Each bar
 * says its band and count to screen readers (a list), and the figure has its own caption.
 */
export function PriceChart({ check }: { check: PriceCheck }) {
  const { t, number } = useI18n();
  const most = Math.max(1, ...check.buckets.map((b) => b.count));
  const inRange = (b: PriceCheck['buckets'][number]) => check.low !== null && check.high !== null && b.to > check.low && b.from <= check.high;
  return (
    <figure className="mt-6">
      <figcaption className="text-sm font-medium text-gray-800">{t('growth.price.chart')}</figcaption>
      <ul className="mt-3 flex h-40 items-end gap-1.5 border-b border-gray-300" aria-label={t('growth.price.chart')}>
        {check.buckets.map((b) => (
          <li key={b.from} className="flex h-full flex-1 flex-col justify-end">
            <span className="sr-only">{t('growth.price.chartBar', { from: number(b.from), to: number(b.to), count: b.count })}</span>
            <span
              aria-hidden="true"
              title={t('growth.price.chartBar', { from: number(b.from), to: number(b.to), count: b.count })}
              className={`block rounded-t ${inRange(b) ? 'bg-brand-700' : 'bg-brand-100'}`}
              style={{ height: `${Math.max(4, Math.round((b.count / most) * 100))}%` }}
            />
          </li>
        ))}
      </ul>
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-gray-600">
        <span>RM{number(check.buckets[0]?.from ?? 0)}</span>
        <span>RM{number(check.buckets.at(-1)?.to ?? 0)}</span>
      </div>
    </figure>
  );
}
