import { useEffect, useState } from 'react';
import { useI18n } from '../../../lib/i18n.tsx';

type Role = 'tenant' | 'landlord';
/** The spec's local entry; the default role is landlord. */
const ROLE_KEY = 'currentRole';

/** Tenant or landlord: a preference kept on this device, not a permission. */
export function RoleToggle() {
  const { t } = useI18n();
  const [role, setRole] = useState<Role>('landlord');
  useEffect(() => {
    try {
      const saved = localStorage.getItem(ROLE_KEY);
      if (saved === 'tenant' || saved === 'landlord') setRole(saved);
    } catch {
      // No storage: the default stands.
    }
  }, []);
  const choose = (next: Role) => {
    setRole(next);
    try {
      localStorage.setItem(ROLE_KEY, next);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  };
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3">
      <span id="role-label" className="text-sm font-medium text-gray-700">
        {t('dashboard.role.label')}
      </span>
      <div role="group" aria-labelledby="role-label" className="flex rounded-lg bg-gray-100 p-1">
        {(['tenant', 'landlord'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={role === value}
            onClick={() => choose(value)}
            className={`rounded-md px-3 py-1.5 text-sm ${role === value ? 'bg-white font-medium text-brand-700 shadow-sm' : 'text-gray-600'}`}
          >
            {value === 'tenant' ? t('nav.tenant') : t('nav.landlord')}
          </button>
        ))}
      </div>
    </div>
  );
}
