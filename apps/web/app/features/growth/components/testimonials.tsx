import type { Testimonial } from '@kunci/contracts/growth';
import { useI18n } from '../../../lib/i18n.tsx';

/** Approved testimonials as quotes with their rating; nothing at all when there are none. */
export function Testimonials({ items }: { items: readonly Testimonial[] }) {
  const { t } = useI18n();
  if (!items.length) return null;
  return (
    <section aria-labelledby="testimonials-title" className="mx-auto max-w-6xl px-4 py-10">
      <h2 id="testimonials-title" className="text-xl font-semibold md:text-2xl">
        {t('growth.testimonials.title')}
      </h2>
      <ul className="mt-4 grid gap-4 md:grid-cols-3">
        {items.map((item) => (
          <li key={item.id}>
            <figure className="h-full rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
              <p className="text-amber-500" role="img" aria-label={t('growth.testimonials.rating', { rating: item.rating })}>
                {'★'.repeat(item.rating)}
                <span className="text-gray-300">{'★'.repeat(5 - item.rating)}</span>
              </p>
              <blockquote className="mt-2 text-gray-800" lang={item.language}>
                “{item.message}”
              </blockquote>
              <figcaption className="mt-3 text-sm text-gray-700">
                {t('growth.testimonials.by', {
                  name: item.name,
                  role: t(item.role === 'TENANT' ? 'growth.feedback.TENANT' : 'growth.feedback.LANDLORD'),
                })}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
