import { Link } from 'react-router';
import { BUSINESS } from '@kunci/contracts/business';
import { useI18n } from '../../../lib/i18n.tsx';
import { describedMeta } from '../../../lib/seo.ts';
import type { Route } from './+types/ocd';

const rules = BUSINESS.protection;

export const meta: Route.MetaFunction = describedMeta('services.ocd.title', 'services.ocd.intro');

/** Overstay Cash Defender: what Protect Plus pays while a tenant who stopped paying stays on. */
export default function Ocd() {
  const { t, href } = useI18n();
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-10">
      <h1 className="text-2xl font-bold md:text-3xl">{t('services.ocd.title')}</h1>
      <p className="text-gray-700">{t('services.ocd.intro')}</p>
      <ul className="list-disc space-y-2 pl-5 text-gray-700">
        <li>{t('services.ocd.rule.months', { otr: rules.otrMaxInARow, ocd: rules.ocdMonths })}</li>
        <li>{t('services.ocd.rule.legal', { days: rules.evictionAfterDays })}</li>
        <li>{t('services.ocd.rule.excluded')}</li>
      </ul>
      <p>
        <Link to={href('protectionPolicies')} className="text-brand-700 font-medium hover:underline">
          {t('services.ocd.claim')}
        </Link>
      </p>
      <Link to={href('protection')} className="text-brand-700 inline-block hover:underline">
        {t('services.ocd.compare')}
      </Link>
    </div>
  );
}
