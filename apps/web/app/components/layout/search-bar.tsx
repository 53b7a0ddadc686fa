import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import type { AutocompleteItem } from '@kunci/contracts/listings';
import { DEFAULT_CITY_SLUG, SEARCH_SUGGEST_MIN_CHARS } from '@kunci/contracts/constants';
import { useApi } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { searchSessionId, storeLandmarkSearch } from '../../lib/search-state.ts';
import { comboboxInputProps, SuggestionList, useSuggestions } from '../ui/combobox.tsx';
import { SearchIcon } from '../ui/icons.tsx';

type Kind = 'LOCATION' | 'PROPERTY_TYPE' | 'PROPERTY';
const kindOf = (item: AutocompleteItem): Kind => item.category ?? 'PROPERTY';

/**
 * The header search: an accessible combobox. Suggestions from 2 characters (areas and property types
 * first, then buildings); arrow keys move, Enter chooses (the first suggestion when none is highlighted),
 * Escape closes. Empty or blank input is never submitted. Pages put it in their own content too (`large`,
 * named by `landmarkLabel` so two search landmarks differ); `onChoose` lets a menu close once one is picked.
 */
export function SearchBar({
  className = '',
  large = false,
  landmarkLabel,
  onChoose,
}: {
  className?: string;
  large?: boolean;
  landmarkLabel?: string;
  onChoose?: () => void;
}) {
  const { t, href } = useI18n();
  const api = useApi();
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const { items, loaded, active, setActive, move } = useSuggestions<AutocompleteItem>(
    text,
    async (keywords, signal) => {
      const body = await api.autocomplete(keywords, { signal, searchSessionId: searchSessionId() });
      return [...body.LOCATION, ...body.PROPERTY];
    },
    { minChars: SEARCH_SUGGEST_MIN_CHARS },
  );

  const choose = (item: AutocompleteItem) => {
    setOpen(false);
    input.current?.blur();
    onChoose?.();
    const kind = kindOf(item);
    if (kind === 'PROPERTY_TYPE') return navigate(href('rent', { loc: DEFAULT_CITY_SLUG, propertyType: item.slug }));
    if (kind === 'PROPERTY' && item.landmarkLabelId) {
      storeLandmarkSearch(item.landmarkLabelId, text.trim());
      return navigate(href('rent', { loc: item.slug }, { q: item.label, category: 'PROPERTY', loc: item.slug, lm: item.landmarkLabelId }));
    }
    return navigate(href('rent', { loc: item.slug }, { q: item.label, category: 'LOCATION', loc: item.slug }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (move(event)) setOpen(true);
    else if (event.key === 'Enter') {
      event.preventDefault();
      if (!text.trim()) return;
      const item = items[active] ?? items[0];
      if (item) choose(item);
    } else if (event.key === 'Escape') {
      if (open) setOpen(false);
      else setText('');
    }
  };

  const showList = open && text.trim().length >= SEARCH_SUGGEST_MIN_CHARS && loaded;
  return (
    <form role="search" aria-label={landmarkLabel} className={`relative ${className}`} onSubmit={(e) => e.preventDefault()}>
      <label htmlFor={`${id}-input`} className="sr-only">
        {t('search.label')}
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        type="text"
        {...comboboxInputProps(id, showList, active)}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
        placeholder={t('search.placeholder')}
        className={`w-full rounded-full border border-gray-300 pl-4 pr-10 focus:border-brand-600 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-100 ${large ? 'bg-white py-3 text-base shadow-sm' : 'bg-gray-50 py-2 text-sm'}`}
      />
      <SearchIcon width={20} height={20} className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-gray-500" />
      <SuggestionList
        id={id}
        label={t('search.suggestions')}
        shown={showList}
        items={items}
        active={active}
        empty={t('search.noResults')}
        keyOf={(item) => `${kindOf(item)}-${item.id ?? item.landmarkLabelId}`}
        onChoose={choose}
        onActive={setActive}
        className="absolute left-0 right-0 top-full z-40 mt-2 max-h-96 overflow-y-auto rounded-xl bg-white p-1 shadow-lg ring-1 ring-black/5"
      >
        {(item) => (
          <>
            <span className="font-medium">{item.label}</span>
            <span className="text-xs text-gray-500">{t(`search.kind.${kindOf(item)}`)}</span>
          </>
        )}
      </SuggestionList>
    </form>
  );
}
