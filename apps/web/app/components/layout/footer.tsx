import { Link } from 'react-router';
import type { Area } from '@kunci/contracts/reference';
import { useI18n } from '../../lib/i18n.tsx';
import { LanguageLink, useLanguageLinks } from './language-selector.tsx';

const FOOTER_AREAS = ['kuala-lumpur', 'petaling-jaya', 'bangsar', 'mont-kiara', 'cyberjaya', 'subang-jaya'];

export function Footer({ areas }: { areas: readonly Area[] }) {
  const { t, href, lang } = useI18n();
  const languages = useLanguageLinks();
  const link = 'text-sm text-gray-600 hover:text-brand-700 hover:underline';
  return (
    <footer className="mt-16 border-t border-gray-200 bg-gray-50 pb-20 md:pb-0" data-site-footer>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-brand-700">{t('app.name')}</p>
          <p className="mt-2 text-sm text-gray-600">{t('app.tagline')}</p>
        </div>
        <nav aria-labelledby="footer-information">
          <h2 id="footer-information" className="mb-3 text-sm font-semibold">
            {t('footer.information')}
          </h2>
          <ul className="space-y-2">
            <li>
              <Link to={href('about')} className={link}>
                {t('footer.about')}
              </Link>
            </li>
            <li>
              <Link to={href('contact')} className={link}>
                {t('footer.contact')}
              </Link>
            </li>
            <li>
              <Link to={href('tenantInfo')} className={link}>
                {t('footer.tenantGuide')}
              </Link>
            </li>
            <li>
              <Link to={href('learn')} className={link}>
                {t('content.learn.title')}
              </Link>
            </li>
            <li>
              <Link to={href('homeOwnership')} className={link}>
                {t('content.more.homeOwnership')}
              </Link>
            </li>
            <li>
              <Link to={href('more')} className={link}>
                {t('content.more.title')}
              </Link>
            </li>
            <li>
              <Link to={href('sitemap')} className={link}>
                {t('footer.sitemap')}
              </Link>
            </li>
            <li>
              <a href="/api/docs" className={link}>
                {t('footer.apiDocs')}
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-landlords">
          <h2 id="footer-landlords" className="mb-3 text-sm font-semibold">
            {t('footer.services')}
          </h2>
          <ul className="space-y-2">
            <li>
              <Link to={href('landlordInfo')} className={link}>
                {t('footer.landlordGuide')}
              </Link>
            </li>
            <li>
              <Link to={href('buy')} className={link}>
                {t('nav.buy')}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-areas">
          <h2 id="footer-areas" className="mb-3 text-sm font-semibold">
            {t('footer.areas')}
          </h2>
          <ul className="space-y-2">
            {areas
              .filter((a) => FOOTER_AREAS.includes(a.slug))
              .map((area) => (
                <li key={area.slug}>
                  <Link to={href('rent', { loc: area.slug })} className={link}>
                    {area.name[lang]}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-gray-200">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4 text-sm text-gray-600">
          <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
          <ul className="flex gap-4" aria-label={t('nav.language')}>
            {languages.map((l) => (
              <li key={l.lang}>
                <LanguageLink link={l} className={link} />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
