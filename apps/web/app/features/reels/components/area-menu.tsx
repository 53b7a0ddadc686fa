import { Link } from 'react-router';
import { useI18n } from '../../../lib/i18n.tsx';
import { useRootData } from '../../../lib/root-data.ts';

/**
 * Which area's reels to watch: a disclosure of links (they work before scripts load and are followed by search
 * engines), the current one marked.
 */
export function AreaMenu({ current, tone }: { current: string | null; tone: 'dark' | 'light' }) {
  const { t, href, lang, label } = useI18n();
  const { areas } = useRootData();
  const currentName = current ? (areas.find((a) => a.slug === current)?.name[lang] ?? current) : t('reels.allAreas');
  const sorted = [...areas].sort((a, b) => a.name[lang].localeCompare(b.name[lang], lang));
  const item = (to: string, name: string, selected: boolean) => (
    <li key={to}>
      <Link
        to={to}
        aria-current={selected ? 'page' : undefined}
        className={`block rounded-md px-3 py-1.5 text-sm text-ink hover:bg-gray-100 ${selected ? 'font-semibold text-brand-700' : ''}`}
      >
        {name}
      </Link>
    </li>
  );
  return (
    <details className="group relative">
      <summary
        className={`flex cursor-pointer list-none items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium [&::-webkit-details-marker]:hidden ${
          tone === 'dark'
            ? 'bg-black/55 text-white ring-1 ring-white/30 hover:bg-black/70'
            : 'bg-white text-ink ring-1 ring-gray-300 hover:bg-gray-50'
        }`}
      >
        <span className="sr-only">{label(t('reels.area'))}</span>
        <span className="max-w-[9rem] truncate">{currentName}</span>
        <svg
          viewBox="0 0 20 20"
          width="16"
          height="16"
          fill="currentColor"
          aria-hidden="true"
          className="transition-transform group-open:rotate-180 motion-reduce:transition-none"
        >
          <path d="M5.5 7.5 10 12l4.5-4.5z" />
        </svg>
      </summary>
      <ul className="absolute right-0 z-20 mt-2 max-h-[60vh] w-56 overflow-y-auto rounded-xl bg-white p-1.5 text-left shadow-lg ring-1 ring-gray-200">
        {item(href('reels'), t('reels.allAreas'), current === null)}
        {sorted.map((area) => item(href('reels', { loc: area.slug }), area.name[lang], area.slug === current))}
      </ul>
    </details>
  );
}
