import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import type { RouteId } from '@kunci/i18n/paths';
import { holdsRole, type StaffRole } from '@kunci/contracts/staff';
import type { MessageKey } from '@kunci/i18n/messages';
import { useI18n } from '../../../lib/i18n.tsx';

const SECTIONS: { route: RouteId; label: MessageKey; roles: StaffRole[] }[] = [
  { route: 'admin', label: 'admin.nav.dashboard', roles: ['moderator', 'operations', 'editor'] },
  { route: 'adminListings', label: 'admin.nav.listings', roles: ['moderator'] },
  { route: 'adminReports', label: 'admin.nav.reports', roles: ['moderator'] },
  { route: 'adminUsers', label: 'admin.nav.users', roles: ['moderator'] },
  { route: 'adminDeals', label: 'admin.nav.deals', roles: ['operations'] },
  { route: 'adminBuildings', label: 'admin.nav.buildings', roles: ['moderator'] },
  { route: 'adminAudit', label: 'admin.nav.audit', roles: ['moderator', 'operations'] },
  { route: 'adminContent', label: 'admin.nav.content', roles: ['editor'] },
  { route: 'adminJustifications', label: 'screening.review.title', roles: ['operations'] },
  { route: 'adminKeys', label: 'services.homerunner.staff.title', roles: ['operations'] },
  { route: 'adminProtectionClaims', label: 'services.protection.review.title', roles: ['operations'] },
  { route: 'adminReferralRewards', label: 'growth.payoutAdmin.title', roles: ['operations'] },
];

/**
 * The console's frame: its sections (those the staff member's role opens) and the page. Other features' console
 * pages (the content editor, screening's justifications) are sections here too.
 */
export function AdminShell({ role, title, children, actions }: { role: string; title: string; children: ReactNode; actions?: ReactNode }) {
  const { t, href } = useI18n();
  const sections = SECTIONS.filter((section) => holdsRole(role, section.roles));
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <nav aria-label={t('admin.nav.label')} className="-mx-4 overflow-x-auto border-b border-gray-200 px-4">
        <ul className="flex min-w-max gap-1">
          {sections.map((section) => (
            <li key={section.route}>
              <NavLink
                to={href(section.route)}
                end={section.route === 'admin'}
                className={({ isActive }) =>
                  `inline-block rounded-t-lg px-3 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${isActive ? 'border-b-2 border-brand-700 text-brand-800' : 'text-gray-700 hover:bg-gray-100'}`
                }
              >
                {t(section.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{title}</h1>
        {actions}
      </div>
      <div className="mt-4">{children}</div>
    </div>
  );
}
