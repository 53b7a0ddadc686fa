import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { BottomSheet } from '../ui/bottom-sheet.tsx';
import { CloseIcon, GlobeIcon } from '../ui/icons.tsx';
import { Modal } from '../ui/modal.tsx';
import { Logo } from './logo.tsx';
import { LanguageLink, useLanguageLinks } from './language-selector.tsx';
import { SearchBar } from './search-bar.tsx';

/** The mobile menu (below 770 px): navigation, the signed-in person's notifications and saved searches, search and the language choice. */
export function Sidebar({
  open,
  onClose,
  noticesLink,
}: {
  open: boolean;
  onClose: () => void;
  /** The notifications entry with its live count, given by the shell (components know no feature). */
  noticesLink?: (props: { className: string; onNavigate: () => void }) => ReactNode;
}) {
  const { t, href } = useI18n();
  const { user } = useRootData();
  const [languagesOpen, setLanguagesOpen] = useState(false);
  const languages = useLanguageLinks();
  const titleId = useId();
  const item = 'block rounded-md px-3 py-3 text-base font-medium hover:bg-gray-100';
  return (
    <>
      <Modal
        open={open}
        onClose={onClose}
        labelledBy={titleId}
        className="m-0 h-full max-h-none w-80 max-w-[85vw] bg-white shadow-xl transition-transform duration-200 starting:-translate-x-full hd:hidden"
      >
        <div className="flex min-h-full flex-col gap-4 p-4">
          <div className="flex items-center justify-between">
            <div id={titleId}>
              <Logo onNavigate={onClose} />
            </div>
            <button type="button" onClick={onClose} className="rounded-full p-2 hover:bg-gray-100">
              <CloseIcon title={t('nav.closeMenu')} />
            </button>
          </div>
          <SearchBar onChoose={onClose} />
          <nav aria-label={t('nav.mainMenu')}>
            <Link to={href('home')} onClick={onClose} className={item}>
              {t('nav.home')}
            </Link>
            <Link to={href('rent')} onClick={onClose} className={item}>
              {t('nav.rent')}
            </Link>
            <Link to={href('buy')} onClick={onClose} className={item}>
              {t('nav.buy')}
            </Link>
            <Link to={href('landlordInfo')} onClick={onClose} className={item}>
              {t('nav.landlord')}
            </Link>
            <Link to={href('tenantInfo')} onClick={onClose} className={item}>
              {t('nav.tenant')}
            </Link>
            <Link to={href('reels')} onClick={onClose} className={item}>
              {t('reels.entry')}
            </Link>
            {noticesLink?.({ className: item, onNavigate: onClose })}
            {user ? (
              <Link to={href('savedSearches')} onClick={onClose} className={item}>
                {t('notifications.saved.title')}
              </Link>
            ) : null}
            <Link to={href('post')} onClick={onClose} className={`${item} text-brand-700`}>
              {t('listings.new')}
            </Link>
            <button type="button" onClick={() => setLanguagesOpen(true)} className={`${item} flex w-full items-center gap-2 text-left`}>
              <GlobeIcon /> {t('nav.language')}
            </button>
          </nav>
        </div>
      </Modal>
      <BottomSheet open={languagesOpen} onClose={() => setLanguagesOpen(false)} title={t('nav.changeLanguage')} closeLabel={t('sheet.close')}>
        <ul className="divide-y divide-gray-100">
          {languages.map((link) => (
            <li key={link.lang}>
              <LanguageLink
                link={link}
                onClick={() => {
                  setLanguagesOpen(false);
                  onClose();
                }}
                className="block px-2 py-3 text-base hover:bg-gray-50"
              />
            </li>
          ))}
        </ul>
      </BottomSheet>
    </>
  );
}
