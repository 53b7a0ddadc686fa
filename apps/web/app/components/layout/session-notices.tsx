import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { VERIFY_INFO_INACTIVITY_MONTHS } from '@kunci/contracts/constants';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { Button } from '../ui/field.tsx';
import { BanAppeal } from './ban-screen.tsx';
import { NoticeDialog } from '../ui/notice-dialog.tsx';
import { useToast } from '../ui/toast.tsx';

const DISMISSED_KEY = 'promptsDismissed';

/**
 * What the shell says about the session: "session expired" after a refused token, the restricted-account
 * modal, and after sign-in the verify-info popup (name "guest", no email, or inactive over 6 months) or
 * the set-password popup (name and email set, no password). Dismissed prompts stay away for the visit.
 */
export function SessionNotices() {
  const { t, href } = useI18n();
  const { user, sessionExpired, restricted } = useRootData();
  const toast = useToast();
  const location = useLocation();
  const [restrictedOpen, setRestrictedOpen] = useState(restricted);
  const [prompt, setPrompt] = useState<'verify' | 'password' | null>(null);

  useEffect(() => {
    if (sessionExpired) toast(t('errors.11401'), 'error');
  }, [sessionExpired, toast, t]);
  useEffect(() => setRestrictedOpen(restricted), [restricted]);

  useEffect(() => {
    if (!user || location.pathname.includes('/dashboard/profile')) return setPrompt(null);
    let dismissed = false;
    try {
      dismissed = sessionStorage.getItem(DISMISSED_KEY) === user.id;
    } catch {
      // No storage: prompts may show again, which is harmless.
    }
    if (dismissed) return setPrompt(null);
    const inactiveSince = new Date();
    inactiveSince.setMonth(inactiveSince.getMonth() - VERIFY_INFO_INACTIVITY_MONTHS);
    const stale = user.stats.lastActivityDate ? new Date(user.stats.lastActivityDate) < inactiveSince : false;
    if (user.name === 'guest' || !user.email || stale) setPrompt('verify');
    else if (!user.passwordSet) setPrompt('password');
    else setPrompt(null);
  }, [user, location.pathname]);

  const dismiss = () => {
    try {
      if (user) sessionStorage.setItem(DISMISSED_KEY, user.id);
    } catch {
      // See above.
    }
    setPrompt(null);
  };

  return (
    <>
      <NoticeDialog
        open={restrictedOpen}
        onClose={() => setRestrictedOpen(false)}
        title={t('auth.restricted.title')}
        actions={<Button onClick={() => setRestrictedOpen(false)}>{t('auth.ok')}</Button>}
      >
        {t('errors.10100')}
        <BanAppeal />
      </NoticeDialog>
      <NoticeDialog
        open={prompt !== null}
        onClose={dismiss}
        title={prompt === 'password' ? t('prompt.setPassword.title') : t('prompt.verifyInfo.title')}
        actions={
          <>
            <Link
              to={href('profile', undefined, prompt === 'password' ? { setPassword: 1 } : undefined)}
              onClick={dismiss}
              className="rounded-full bg-brand-700 px-5 py-3 text-center font-medium text-white hover:bg-brand-800"
            >
              {prompt === 'password' ? t('prompt.setPassword.action') : t('prompt.verifyInfo.action')}
            </Link>
            <Button variant="secondary" onClick={dismiss}>
              {t('prompt.later')}
            </Button>
          </>
        }
      >
        {prompt === 'password' ? t('prompt.setPassword.body') : t('prompt.verifyInfo.body')}
      </NoticeDialog>
    </>
  );
}
