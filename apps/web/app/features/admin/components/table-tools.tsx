import type { ReactNode } from 'react';
import { Form, Link, useLocation } from 'react-router';
import { useI18n } from '../../../lib/i18n.tsx';

/** A console table's search and filters: a GET form, so results are a link to share and the back button works. */
export function TableFilters({ q, label, children }: { q: string; label: string; children?: ReactNode }) {
  const { t } = useI18n();
  return (
    <Form method="get" role="search" aria-label={label} className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end">
      <div className="flex-1 sm:min-w-64">
        <label htmlFor="admin-q" className="block text-sm font-medium text-gray-800">
          {label}
        </label>
        <input id="admin-q" name="q" type="search" defaultValue={q} className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2" />
      </div>
      {children}
      <button
        type="submit"
        className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800 focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        {t('admin.search')}
      </button>
    </Form>
  );
}

/** A filter of a TableFilters form. */
export function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
}) {
  return (
    <div>
      <label htmlFor={`admin-${name}`} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <select
        id={`admin-${name}`}
        name={name}
        defaultValue={value}
        className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 sm:w-auto"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Previous and next page links, keeping the search and filters. */
export function Pager({ page, totalPages, total }: { page: number; totalPages: number; total: number }) {
  const { t } = useI18n();
  const location = useLocation();
  const to = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target > 0) params.set('page', String(target));
    else params.delete('page');
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ''}`;
  };
  return (
    <nav aria-label={t('admin.paging')} className="mt-4 flex items-center justify-between gap-3 text-sm">
      <p className="text-gray-700">{t('admin.total', { count: total })}</p>
      <div className="flex items-center gap-2">
        {page > 0 ? (
          <Link to={to(page - 1)} rel="prev" className="rounded-lg border border-gray-300 px-3 py-1.5 hover:bg-gray-50">
            {t('admin.previous')}
          </Link>
        ) : null}
        <span aria-current="page">{t('admin.page', { page: page + 1, pages: Math.max(1, totalPages) })}</span>
        {page + 1 < totalPages ? (
          <Link to={to(page + 1)} rel="next" className="rounded-lg border border-gray-300 px-3 py-1.5 hover:bg-gray-50">
            {t('admin.next')}
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

/** A table that scrolls sideways on a phone instead of squeezing its columns. */
export function AdminTable({ caption, head, children, empty }: { caption: string; head: string[]; children: ReactNode; empty: string | null }) {
  return (
    // Focusable, so a keyboard can scroll a wide table sideways on a phone.
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="mt-4 overflow-x-auto rounded-xl border border-gray-200 focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <table className="min-w-full divide-y divide-gray-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 text-left">
          <tr>
            {head.map((label) => (
              <th key={label} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap text-gray-800">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">{children}</tbody>
      </table>
      {empty ? <p className="p-4 text-gray-700">{empty}</p> : null}
    </div>
  );
}

export const cell = 'px-3 py-2 align-top';
