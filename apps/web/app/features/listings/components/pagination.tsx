import { Link } from 'react-router';
import { useI18n } from '../../../lib/i18n.tsx';

/** Page links; `hrefFor(n)` builds the URL of 1-based page n (page 1 carries no page parameter). */
export function Pagination({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (n: number) => string }) {
  const { t } = useI18n();
  if (pages <= 1) return null;
  const window = [...new Set([1, page - 1, page, page + 1, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const cell = 'flex min-w-10 items-center justify-center rounded-md px-3 py-2 text-sm';
  return (
    <nav aria-label={t('pagination.label')} className="mt-10 flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={`${cell} hover:bg-gray-100`}>
          ‹ <span className="sr-only">{t('pagination.previous')}</span>
        </Link>
      ) : null}
      {window.map((n, i) => (
        <span key={n} className="flex items-center">
          {i > 0 && n - window[i - 1]! > 1 ? <span className="px-1 text-gray-400">…</span> : null}
          <Link
            to={hrefFor(n)}
            aria-current={n === page ? 'page' : undefined}
            aria-label={t('pagination.page', { page: n })}
            className={`${cell} ${n === page ? 'bg-brand-700 font-semibold text-white' : 'hover:bg-gray-100'}`}
          >
            {n}
          </Link>
        </span>
      ))}
      {page < pages ? (
        <Link to={hrefFor(page + 1)} rel="next" className={`${cell} hover:bg-gray-100`}>
          <span className="sr-only">{t('pagination.next')}</span> ›
        </Link>
      ) : null}
    </nav>
  );
}
