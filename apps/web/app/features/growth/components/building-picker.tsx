import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { PriceCheckerBuilding } from '@kunci/contracts/growth';
import { useApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { comboboxInputProps, SuggestionList, useSuggestions } from '../../../components/ui/combobox.tsx';

const MIN_CHARS = 2;

/**
 * The price checker's building field: a combobox of buildings by name (2 letters or more; arrows, Enter, Escape).
 * It posts the picked building's id as `building` and the typed name as `name`, so a name typed without picking
 * (or without script) is still looked up.
 */
export function BuildingPicker({
  initialName,
  initialId,
  error,
}: {
  initialName: string;
  initialId: number | undefined;
  error?: string | undefined;
}) {
  const { t } = useI18n();
  const api = useApi();
  const id = useId();
  const [text, setText] = useState(initialName);
  const [picked, setPicked] = useState<number | undefined>(initialId);
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Aborted by newer typing, or offline: the name is still sent and looked up on checking.
  const { items, loaded, active, setActive, move } = useSuggestions<PriceCheckerBuilding>(
    text,
    async (keywords, signal) => (await api.priceCheckerBuildings(keywords, signal)).content,
    { minChars: MIN_CHARS, paused: !open },
  );

  const choose = (building: PriceCheckerBuilding) => {
    setText(building.name);
    setPicked(building.id);
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (move(event)) setOpen(true);
    else if (event.key === 'Enter' && open && items.length) {
      event.preventDefault();
      choose(items[active] ?? items[0]!);
    } else if (event.key === 'Escape') setOpen(false);
  };
  const showList = open && loaded && text.trim().length >= MIN_CHARS;
  const described = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="relative">
      <label htmlFor={`${id}-input`} className="block text-sm font-medium text-gray-800">
        {t('growth.price.building')}
      </label>
      <input type="hidden" name="building" value={picked ?? ''} />
      <input
        ref={input}
        id={`${id}-input`}
        name="name"
        type="text"
        {...comboboxInputProps(id, showList, active)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        required
        minLength={MIN_CHARS}
        maxLength={100}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setPicked(undefined);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
        className={`mt-1 block w-full rounded-lg border px-3 py-2.5 text-base focus:outline-none focus:ring-2 ${error ? 'border-red-600 focus:ring-red-200' : 'border-gray-300 focus:border-brand-600 focus:ring-brand-100'}`}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-gray-600">
        {t('growth.price.buildingHint')}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <SuggestionList
        id={id}
        label={t('growth.price.building')}
        shown={showList}
        items={items}
        active={active}
        empty={t('growth.price.noBuilding')}
        keyOf={(building) => building.id}
        onChoose={choose}
        onActive={setActive}
        className="absolute left-0 right-0 top-[4.75rem] z-30 max-h-72 overflow-y-auto rounded-xl bg-white p-1 shadow-lg ring-1 ring-black/5"
      >
        {(building) => (
          <>
            <span>
              <span className="font-medium">{building.name}</span>
              <span className="block text-xs text-gray-600">{building.areaName}</span>
            </span>
            <span className="shrink-0 text-xs text-gray-600">{t('growth.price.buildingListings', { count: building.listings })}</span>
          </>
        )}
      </SuggestionList>
    </div>
  );
}
