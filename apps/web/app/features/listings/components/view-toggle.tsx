import { useEffect, useState } from 'react';
import { GridIcon, ListIcon } from '../../../components/ui/icons.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { readViewMode, saveViewMode, type ViewMode } from '../../../lib/view-mode.ts';

export function ViewToggle() {
  const { t } = useI18n();
  const [mode, setMode] = useState<ViewMode>('grid');
  useEffect(() => setMode(readViewMode()), []);
  const choose = (next: ViewMode) => {
    saveViewMode(next);
    setMode(next);
  };
  const button = (value: ViewMode, label: string, icon: React.ReactNode) => (
    <button
      type="button"
      aria-pressed={mode === value}
      onClick={() => choose(value)}
      className={`flex items-center gap-1 rounded-md px-2.5 py-1.5 text-sm ${mode === value ? 'bg-white font-medium text-brand-700 shadow-sm' : 'text-gray-600 hover:text-ink'}`}
    >
      {icon}
      {/* Below 480 px the icons carry it, so the results' tools fit one row. */}
      <span className="max-sm:sr-only">{label}</span>
    </button>
  );
  return (
    <div role="group" aria-label={t('view.label')} className="flex rounded-lg bg-gray-100 p-1">
      {button('grid', t('view.grid'), <GridIcon width={18} height={18} />)}
      {button('list', t('view.list'), <ListIcon width={18} height={18} />)}
    </div>
  );
}
