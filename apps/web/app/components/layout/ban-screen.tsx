import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { BANNED_EVENT } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';

/** How to appeal a ban: the same words on the ban screen and in the restricted-account notice. */
export function BanAppeal() {
  const { t, href } = useI18n();
  return (
    <>
      <p className="mt-3">{t('admin.ban.appeal')}</p>
      <p className="mt-3">
        <Link to={href('contact')} reloadDocument className="font-medium text-brand-700 underline">
          {t('admin.ban.contact')}
        </Link>
      </p>
    </>
  );
}

/**
 * The page a banned or restricted account gets (errorCode 10100) instead of a broken one: what happened, what the
 * API said (in the user's language), how to appeal, and signing out. Its heading takes the focus when it appears.
 */
export function BanScreen({ message }: { message: string | null }) {
  const { t, href } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="mx-auto max-w-xl px-4 py-16" aria-labelledby="ban-title">
      <h1 id="ban-title" ref={heading} tabIndex={-1} className="text-2xl font-semibold focus:outline-none">
        {t('admin.ban.title')}
      </h1>
      <p className="mt-3">{t('admin.ban.body')}</p>
      {message ? <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-amber-950">{t('admin.ban.reason', { reason: message })}</p> : null}
      <BanAppeal />
      <form method="post" action={href('logout')} className="mt-6">
        <button type="submit" className="rounded-full border border-gray-300 px-5 py-2 font-medium hover:bg-gray-50">
          {t('admin.ban.signOut')}
        </button>
      </form>
    </section>
  );
}

/**
 * Shows the ban screen over the page when a call made from the browser is refused with 10100 (lib/api.ts announces
 * it once for every call): the page the person was on no longer works for them.
 */
export function BanWatcher() {
  const [message, setMessage] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const show = (event: Event) => setMessage((event as CustomEvent<string | null>).detail ?? null);
    window.addEventListener(BANNED_EVENT, show);
    return () => window.removeEventListener(BANNED_EVENT, show);
  }, []);
  if (message === undefined) return null;
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="ban-title" className="fixed inset-0 z-50 overflow-y-auto bg-white">
      <BanScreen message={message} />
    </div>
  );
}
