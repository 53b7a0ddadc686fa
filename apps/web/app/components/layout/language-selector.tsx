import type { ComponentProps, MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { LANGUAGES, LANGUAGE_COOKIE, LANGUAGE_NAME, HTML_LANG, type Language } from '@kunci/i18n/locales';
import { switchLanguage } from '@kunci/i18n/paths';
import { useI18n } from '../../lib/i18n.tsx';
import { GlobeIcon } from '../ui/icons.tsx';
import { DropdownMenu, MENU_ITEM, MENU_ITEM_CLASS } from '../ui/menu.tsx';

/** Remembers the choice before navigating, so the home page opens in it next time. */
function rememberLanguage(lang: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

interface LanguageTarget {
  lang: Language;
  to: string;
  name: string;
}

export function useLanguageLinks(): LanguageTarget[] {
  const { lang } = useI18n();
  const location = useLocation();
  // The selector lists only the other languages (spec section 5).
  return LANGUAGES.filter((other) => other !== lang).map((other) => ({
    lang: other,
    to: switchLanguage(location.pathname + location.search, other),
    name: LANGUAGE_NAME[other],
  }));
}

/**
 * This page in another language. The browser holds only the current language's messages, so it is a whole new
 * page load; the choice is remembered for the next visit.
 */
export function LanguageLink({
  link,
  onClick,
  ...props
}: { link: LanguageTarget } & Omit<ComponentProps<typeof Link>, 'to' | 'reloadDocument' | 'lang' | 'hrefLang' | 'children'>) {
  return (
    <Link
      {...props}
      to={link.to}
      reloadDocument
      lang={HTML_LANG[link.lang]}
      hrefLang={HTML_LANG[link.lang]}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        rememberLanguage(link.lang);
        onClick?.(event);
      }}
    >
      {link.name}
    </Link>
  );
}

export function LanguageSelector() {
  const { t, lang } = useI18n();
  const links = useLanguageLinks();
  return (
    <DropdownMenu
      label={t('nav.changeLanguage')}
      buttonClassName="flex items-center gap-1 rounded-full px-2 py-2 text-sm hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      button={
        <>
          <GlobeIcon />
          <span className="hidden lg:inline">{LANGUAGE_NAME[lang]}</span>
        </>
      }
    >
      {links.map((link) => (
        <LanguageLink key={link.lang} {...MENU_ITEM} link={link} className={MENU_ITEM_CLASS} />
      ))}
    </DropdownMenu>
  );
}
