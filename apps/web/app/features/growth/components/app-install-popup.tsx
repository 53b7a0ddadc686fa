import { useEffect, useState } from 'react';
import { BUSINESS } from '@kunci/contracts/business';
import { useI18n } from '../../../lib/i18n.tsx';
import { appInstallLink, browserCookie } from '../app-install.ts';

/** Where the popup's dismissal is remembered (this browser), with its time. */
export const APP_POPUP_DISMISSED = 'appPopupDismissedAt';
const DAY_MS = 86_400_000;

/** A phone (a narrow screen with a touch pointer) that can install from Google Play: not an iPhone or iPad. */
function isAndroidCapablePhone(): boolean {
  if (/iPhone|iPad|iPod/i.test(navigator.userAgent)) return false;
  return window.matchMedia('(max-width: 767px) and (pointer: coarse)').matches;
}

function dismissedRecently(): boolean {
  try {
    const at = Number(localStorage.getItem(APP_POPUP_DISMISSED));
    return Number.isFinite(at) && at > 0 && Date.now() - at < BUSINESS.growth.appInstall.dismissDays * DAY_MS;
  } catch {
    // Storage refused (private mode): do not nag on every page.
    return true;
  }
}

function rememberDismissal() {
  try {
    localStorage.setItem(APP_POPUP_DISMISSED, String(Date.now()));
  } catch {
    // Nothing to remember with: it stays hidden for this page.
  }
}

/**
 * The play-store popup (spec section 4): an invitation to the app shown to phone visitors only, decided in the browser
 * after the page loads (so the page itself is the same for everyone and for the page cache). It sits in the page's
 * flow above the content, never over it; "Not now" or following the link hides it for the dismissal period.
 */
export function AppInstallPopup() {
  const { t } = useI18n();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (isAndroidCapablePhone() && !dismissedRecently()) setShown(true);
  }, []);
  if (!shown) return null;
  const close = () => {
    rememberDismissal();
    setShown(false);
  };
  return (
    <aside aria-labelledby="app-popup-title" className="border-b border-brand-100 bg-brand-50 px-4 py-3 md:hidden" data-testid="app-install-popup">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 id="app-popup-title" className="text-base font-semibold text-gray-900">
            {t('growth.app.title')}
          </h2>
          <p className="mt-1 text-sm text-gray-700">{t('growth.app.body')}</p>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <a
              href={appInstallLink('web_popup', browserCookie('utm_source'))}
              onClick={close}
              rel="noopener"
              className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
            >
              {t('growth.app.install')}
            </a>
            <button
              type="button"
              onClick={close}
              className="min-h-11 rounded-full px-3 text-sm font-medium text-gray-800 underline hover:bg-brand-100"
            >
              {t('growth.app.dismiss')}
            </button>
          </div>
        </div>
      </div>
    </aside>
  );
}
