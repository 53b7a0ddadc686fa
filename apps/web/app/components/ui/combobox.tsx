import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/**
 * What a suggestion combobox knows: the suggestions for the typed text (fetched 150 ms after typing stops, the
 * older request aborted; none below `minChars`), whether any answer has come, and the highlighted one, which the
 * arrow keys move round the list. `paused` stops fetching (a closed picker) and keeps what was shown.
 */
export function useSuggestions<T>(
  text: string,
  fetch: (keywords: string, signal: AbortSignal) => Promise<T[]>,
  { minChars, paused = false }: { minChars: number; paused?: boolean },
) {
  const [items, setItems] = useState<T[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [active, setActive] = useState(-1);
  const fetcher = useRef(fetch);
  fetcher.current = fetch;

  useEffect(() => {
    if (paused) return;
    const keywords = text.trim();
    if (keywords.length < minChars) {
      setItems([]);
      setLoaded(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        setItems(await fetcher.current(keywords, controller.signal));
        setActive(-1);
        setLoaded(true);
      } catch {
        // Aborted by newer typing, refused, or offline: keep what is shown.
      }
    }, 150);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [text, paused, minChars]);

  /** Moves the highlight on ArrowDown/ArrowUp (wrapping round); says whether the key was one of them. */
  const move = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return false;
    if (!items.length) return true;
    event.preventDefault();
    setActive((current) => (event.key === 'ArrowDown' ? (current + 1) % items.length : (current - 1 + items.length) % items.length));
    return true;
  };

  return { items, loaded, active, setActive, move };
}

/** The combobox's input attributes that tie it to its `SuggestionList`. */
export function comboboxInputProps(id: string, shown: boolean, active: number) {
  return {
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': shown,
    'aria-controls': `${id}-list`,
    'aria-activedescendant': shown && active >= 0 ? `${id}-option-${active}` : undefined,
    autoComplete: 'off',
  } as const;
}

/**
 * A combobox's listbox: one option per item (`children` draws it), the highlighted one marked, a click chooses (the
 * mouse-down does not take the focus from the input), and `empty` stands alone when nothing matched.
 */
export function SuggestionList<T>({
  id,
  label,
  shown,
  items,
  active,
  empty,
  keyOf,
  onChoose,
  onActive,
  className,
  children,
}: {
  id: string;
  label: string;
  shown: boolean;
  items: T[];
  active: number;
  empty: string;
  keyOf: (item: T) => string | number;
  onChoose: (item: T) => void;
  onActive: (index: number) => void;
  className: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul id={`${id}-list`} role="listbox" aria-label={label} hidden={!shown} className={className}>
      {items.length === 0 ? (
        <li role="option" aria-selected={false} aria-disabled="true" className="px-3 py-2 text-sm text-gray-600">
          {empty}
        </li>
      ) : (
        items.map((item, index) => (
          <li
            key={keyOf(item)}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onChoose(item)}
            onMouseEnter={() => onActive(index)}
            className={`flex cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm ${index === active ? 'bg-brand-50' : ''}`}
          >
            {children(item)}
          </li>
        ))
      )}
    </ul>
  );
}
