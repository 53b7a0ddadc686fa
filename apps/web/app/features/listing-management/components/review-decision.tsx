import { Form, useNavigation } from 'react-router';
import { ApiError, type Api } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';

/**
 * A moderator's decision sent from a review form: approve, or reject with the reason. Null once it is done;
 * the refusal's message (the first field's, else the whole one's) when the API refused it.
 */
export async function decideReview(api: Api, id: number, form: FormData): Promise<string | null> {
  const decision = form.get('decision') === 'approve' ? 'approve' : 'reject';
  try {
    await api.listingAction(id, decision, decision === 'reject' ? String(form.get('reason') ?? '') : undefined);
    return null;
  } catch (error) {
    if (error instanceof ApiError && error.body) return error.body.fields?.[0]?.message ?? error.body.message;
    throw error;
  }
}

/** Approve, or reject with a reason: the form `decideReview` reads (`id` names the listing where one page holds many). */
export function ReviewDecisionForm({ id, className = '' }: { id?: number; className?: string }) {
  const { t } = useI18n();
  const busy = useNavigation().state !== 'idle';
  return (
    <Form method="post" className={`flex flex-wrap items-end gap-2 ${className}`}>
      {id === undefined ? null : <input type="hidden" name="id" value={id} />}
      <button
        type="submit"
        name="decision"
        value="approve"
        disabled={busy}
        className="rounded-full bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"
      >
        {t('review.approve')}
      </button>
      <label className="flex flex-col text-sm">
        <span>{t('review.reason')}</span>
        <input name="reason" maxLength={500} className="mt-1 rounded-lg border border-gray-300 bg-white px-3 py-2" />
      </label>
      <button
        type="submit"
        name="decision"
        value="reject"
        disabled={busy}
        className="rounded-full border border-red-300 bg-white px-4 py-2 text-sm font-medium text-red-800 hover:bg-red-50"
      >
        {t('review.reject')}
      </button>
    </Form>
  );
}
