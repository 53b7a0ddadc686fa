import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/field.tsx';
import { NoticeDialog } from '../../../components/ui/notice-dialog.tsx';
import { useI18n } from '../../../lib/i18n.tsx';

const LOCKED = 11423;
const BANNED = 10100;

/** The refusals shown in a modal (locked, restricted) rather than next to a field. */
export function fieldMessage(error: { code: number; message: string } | undefined): string | undefined {
  return error && error.code !== LOCKED && error.code !== BANNED ? error.message : undefined;
}

/** The locked-account and restricted-account modals, opened by the matching API refusal. */
export function SignInNotices({ error }: { error: { code: number; message: string } | undefined }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(error?.code === LOCKED || error?.code === BANNED), [error]);
  if (!error || (error.code !== LOCKED && error.code !== BANNED)) return null;
  return (
    <NoticeDialog
      open={open}
      onClose={() => setOpen(false)}
      title={error.code === LOCKED ? t('auth.locked.title') : t('auth.restricted.title')}
      actions={<Button onClick={() => setOpen(false)}>{t('auth.ok')}</Button>}
    >
      {error.message}
    </NoticeDialog>
  );
}
