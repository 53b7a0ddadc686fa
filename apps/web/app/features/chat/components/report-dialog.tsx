import { useState, type FormEvent } from 'react';
import { REPORT_REASONS } from '@kunci/contracts/chat-constants';
import type { MessageKey } from '@kunci/i18n/messages';
import { useApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { CENTRED_DIALOG, Modal } from '../../../components/ui/modal.tsx';

/** Report the other side (with a reason and a note), and block them if the reporter wants. */
export function ReportDialog({
  open,
  onClose,
  conversationId,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  conversationId: number;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const api = useApi();
  const [done, setDone] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const reason = String(form.get('reason')) as (typeof REPORT_REASONS)[number];
    await api.reportChat(conversationId, { reason, note: String(form.get('note') ?? '') }).catch(() => undefined);
    if (form.get('block') === 'on') await api.blockChat(conversationId).catch(() => undefined);
    setDone(true);
    onDone();
  }
  return (
    <Modal open={open} onClose={onClose} labelledBy="report-title" className={`${CENTRED_DIALOG} p-6`}>
      <h2 id="report-title" className="text-xl font-semibold">
        {t('chat.report.title')}
      </h2>
      {done ? (
        <p role="status" className="mt-4">
          {t('chat.report.thanks')}
        </p>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-3">
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">{t('chat.report.reason')}</legend>
            {REPORT_REASONS.map((reason, i) => (
              <label key={reason} className="flex items-center gap-2">
                <input type="radio" name="reason" value={reason} defaultChecked={i === 0} className="size-4 accent-brand-700" />
                {t(`chat.report.${reason}` as MessageKey)}
              </label>
            ))}
          </fieldset>
          <label htmlFor="report-note" className="block text-sm font-medium">
            {t('chat.report.note')}
          </label>
          <textarea id="report-note" name="note" rows={3} maxLength={1000} className="w-full rounded-lg border border-gray-300 p-3" />
          <label className="flex items-center gap-2">
            <input type="checkbox" name="block" className="size-4 accent-brand-700" />
            {t('chat.report.block')}
          </label>
          <button type="submit" className="w-full rounded-full bg-red-700 px-4 py-2.5 font-medium text-white hover:bg-red-800">
            {t('chat.report.send')}
          </button>
        </form>
      )}
    </Modal>
  );
}
