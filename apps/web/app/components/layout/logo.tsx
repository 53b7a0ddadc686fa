import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n.tsx';
import { clearSearchState } from '../../lib/search-state.ts';

/** The brand mark and name, linking home (and forgetting the last search). */
export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  const { href, t } = useI18n();
  return (
    <Link
      to={href('home')}
      onClick={() => {
        clearSearchState();
        onNavigate?.();
      }}
      className="flex items-center gap-2 text-xl font-bold tracking-tight text-brand-700"
    >
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#0f7a5a" />
        <circle cx="13" cy="16" r="5" fill="none" stroke="#fff" strokeWidth="3" />
        <path d="M18 16h9M24 16v4" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {t('app.name')}
    </Link>
  );
}
