import { Link } from 'react-router';
import { useI18n } from '../../../lib/i18n.tsx';
import { useOptionalRootData } from '../../../lib/root-data.ts';

/**
 * The popular areas as chips linking to their rentals: one row that scrolls sideways on phones (so what follows
 * starts higher), wrapping from md up. `bleed` is the negative margin and padding that let the row run to the
 * edge of its container on phones.
 */
export function PopularAreaChips({ popular, bleed }: { popular: readonly { slug: string; listings: number }[]; bleed: string }) {
  const { t, href, lang } = useI18n();
  const areas = useOptionalRootData()?.areas ?? [];
  return (
    <ul className={`${bleed} mt-3 flex gap-2 overflow-x-auto pb-1 md:mx-0 md:flex-wrap md:px-0`}>
      {popular.map(({ slug, listings }) => {
        const area = areas.find((a) => a.slug === slug);
        return area ? (
          <li key={slug} className="shrink-0">
            <Link
              to={href('rent', { loc: slug })}
              className="inline-block rounded-full border border-brand-100 bg-white px-4 py-2 text-sm font-medium text-brand-800 shadow-sm hover:border-brand-600"
            >
              {area.name[lang]} <span className="font-normal text-gray-600">· {t('home.listingsIn', { count: listings })}</span>
            </Link>
          </li>
        ) : null;
      })}
    </ul>
  );
}
