import { useEffect } from 'react';
import { Form, useNavigation } from 'react-router';
import type { RentalRole } from '@kunci/contracts/users';
import { useI18n } from '../../../lib/i18n.tsx';

/** The spec's local entry for the role; kept in step with the account so older pages reading it agree. */
const ROLE_KEY = 'currentRole';

function useRememberRole(role: RentalRole | null) {
  useEffect(() => {
    if (!role) return;
    try {
      localStorage.setItem(ROLE_KEY, role === 'TENANT' ? 'tenant' : 'landlord');
    } catch {
      // No storage (private mode): the account still holds the choice.
    }
  }, [role]);
}

/** The first-run question, asked on the dashboard until answered: looking for a home, or letting one. */
export function FirstRunChoice() {
  const { t } = useI18n();
  const busy = useNavigation().state === 'submitting';
  const options = [
    { value: 'TENANT', title: t('dashboard.firstRun.tenant'), hint: t('dashboard.firstRun.tenantHint') },
    { value: 'LANDLORD', title: t('dashboard.firstRun.landlord'), hint: t('dashboard.firstRun.landlordHint') },
  ] as const;
  return (
    <section aria-labelledby="first-run-title" className="mt-6 rounded-2xl border border-brand-200 bg-brand-50 p-5 md:p-6">
      <h2 id="first-run-title" className="text-lg font-semibold">
        {t('dashboard.firstRun.title')}
      </h2>
      <p className="mt-1 text-sm text-gray-700">{t('dashboard.firstRun.body')}</p>
      <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value="role" />
        {options.map((option) => (
          <button
            key={option.value}
            type="submit"
            name="rentalRole"
            value={option.value}
            disabled={busy}
            className="rounded-xl border border-gray-300 bg-white p-4 text-left shadow-sm transition hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
          >
            <span className="block font-semibold">{option.title}</span>
            <span className="mt-1 block text-sm text-gray-600">{option.hint}</span>
          </button>
        ))}
      </Form>
    </section>
  );
}

/** Tenant or landlord, stored on the account: switches which cards the dashboard leads with. */
export function RoleToggle({ role }: { role: RentalRole }) {
  const { t } = useI18n();
  const busy = useNavigation().state === 'submitting';
  useRememberRole(role);
  return (
    <Form method="post" className="mt-6 flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value="role" />
      <span id="role-label" className="text-sm font-medium text-gray-700">
        {t('dashboard.role.label')}
      </span>
      <div role="group" aria-labelledby="role-label" className="flex rounded-lg bg-gray-100 p-1">
        {(['TENANT', 'LANDLORD'] as const).map((value) => (
          <button
            key={value}
            type="submit"
            name="rentalRole"
            value={value}
            aria-pressed={role === value}
            disabled={busy}
            className={`rounded-md px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-brand-600 ${role === value ? 'bg-white font-medium text-brand-700 shadow-sm' : 'text-gray-600'}`}
          >
            {value === 'TENANT' ? t('nav.tenant') : t('nav.landlord')}
          </button>
        ))}
      </div>
    </Form>
  );
}
