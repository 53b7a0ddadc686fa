import { useEffect, useState } from 'react';
import { BUSINESS } from '@kunci/contracts/business';
import { DAY_MS } from '@kunci/contracts/constants';
import { useI18n } from '../../../lib/i18n.tsx';
import { appInstallLink, browserCookie } from '../app-install.ts';

/** Where the popup's dismissal is remembered (this browser), with its time. */
export const APP_POPUP_DISMISSED = 'appPopupDismissedAt';

/**
 * Runs in the page's head, before the first paint: marks <html data-app-popup> on a phone (a narrow screen with a touch
 * pointer) that can install from Google Play (not an iPhone or iPad) when the popup was not dismissed lately. The
 * popup is then in place from the first paint instead of pushing the page down after load (a layout shift), and the
 * page stays the same for everyone (the page cache). Storage refused (private mode): it stays hidden rather than nag.
 */
export const APP_POPUP_BOOT_SCRIPT = `try{var d=Number(localStorage.getItem('${APP_POPUP_DISMISSED}'));if(!/iPhone|iPad|iPod/i.test(navigator.userAgent)&&matchMedia('(max-width: 767px) and (pointer: coarse)').matches&&!(d>0&&Date.now()-d<${BUSINESS.growth.appInstall.dismissDays * DAY_MS}))document.documentElement.dataset.appPopup=''}catch(e){}`;

function rememberDismissal() {
  try {
    localStorage.setItem(APP_POPUP_DISMISSED, String(Date.now()));
  } catch {
    // Nothing to remember with: it stays hidden for this page.
  }
}

/**
 * The play-store popup (spec section 4): an invitation to the app shown to phone visitors only, decided in the browser
 * before the first paint by APP_POPUP_BOOT_SCRIPT; hidden by CSS elsewhere, and dropped once the page is hydrated. It
 * sits in the page's flow above the content, never over it; "Not now" or following the link hides it for the dismissal
 * period.
 */
export function AppInstallPopup() {
  const { t } = useI18n();
  const [shown, setShown] = useState(true);
  // The campaign the visitor came with is a cookie of this browser: the page as rendered (and kept) links without it.
  const [utmSource, setUtmSource] = useState<string>();
  useEffect(() => {
    setShown('appPopup' in document.documentElement.dataset);
    setUtmSource(browserCookie('utm_source'));
  }, []);
  if (!shown) return null;
  const close = () => {
    rememberDismissal();
    delete document.documentElement.dataset.appPopup;
    setShown(false);
  };
  return (
    <aside
      aria-labelledby="app-popup-title"
      className="hidden border-b border-brand-100 bg-brand-50 px-4 py-3 max-md:app-popup:block"
      data-testid="app-install-popup"
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 id="app-popup-title" className="text-base font-semibold text-gray-900">
            {t('growth.app.title')}
          </h2>
          <p className="mt-1 text-sm text-gray-700">{t('growth.app.body')}</p>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <a
              href={appInstallLink('web_popup', utmSource)}
              onClick={close}
              rel="noopener"
              className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
            >
              {t('growth.app.install')}
            </a>
            <button
              type="button"
              onClick={close}
              className="min-h-11 rounded-full border border-brand-300 bg-white px-4 text-sm font-medium text-gray-800 hover:bg-brand-100"
            >
              {t('growth.app.dismiss')}
            </button>
          </div>
        </div>
      </div>
    </aside>
  );
}
