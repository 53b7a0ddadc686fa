import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Area } from '@kunci/contracts/reference';
import { useI18n } from '../../lib/i18n.tsx';
import { SearchIcon } from '../ui/icons.tsx';

/** Finds an area by its name in any language (e.g. "bangsar", "孟沙"). */
export function matchArea(areas: readonly Area[], text: string): Area | undefined {
  const needle = text.trim().toLowerCase();
  if (!needle) return undefined;
  const names = (area: Area) => [area.slug.replace(/-/g, ' '), area.name.en, area.name.ms, area.name.zh].map((n) => n.toLowerCase());
  return areas.find((area) => names(area).some((n) => n === needle)) ?? areas.find((area) => names(area).some((n) => n.includes(needle)));
}

/** The header's search slot: Enter goes to the results of the area typed; empty input is not submitted. */
export function SearchBar({ areas, className = '' }: { areas: readonly Area[]; className?: string }) {
  const { t, href } = useI18n();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    const area = matchArea(areas, text);
    if (!area) {
      setMissing(true);
      return;
    }
    setMissing(false);
    navigate(href('rent', { loc: area.slug }, { q: text.trim(), category: 'LOCATION', loc: area.slug }));
  };
  return (
    <form role="search" onSubmit={onSubmit} className={`relative ${className}`}>
      <label htmlFor="header-search" className="sr-only">
        {t('search.label')}
      </label>
      <input
        id="header-search"
        type="search"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setMissing(false);
        }}
        placeholder={t('search.placeholder')}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? 'header-search-missing' : undefined}
        className="w-full rounded-full border border-gray-300 bg-gray-50 py-2 pl-4 pr-10 text-sm focus:border-brand-600 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-100"
      />
      <button type="submit" className="absolute right-1 top-1/2 -translate-y-1/2 rounded-full p-1.5 text-gray-600 hover:text-brand-700">
        <SearchIcon width={20} height={20} title={t('search.submit')} />
      </button>
      {missing ? (
        <p id="header-search-missing" role="alert" className="absolute left-2 top-full mt-1 rounded bg-white px-2 py-1 text-xs text-red-700 shadow">
          {t('search.noArea')}
        </p>
      ) : null}
    </form>
  );
}
