import { useEffect, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { ApiError, type Api } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';

export type ReviewOutcome = { ok: true; decision: 'approve' | 'reject'; name: string } | { ok: false; error: string };

/**
 * A moderator's decision sent from a review form: approve, or reject with the reason. Once done, the decision
 * and the listing's name (for the confirmation); the refusal's message (the first field's, else the whole
 * one's) when the API refused it.
 */
export async function decideReview(api: Api, id: number, form: FormData): Promise<ReviewOutcome> {
  const decision = form.get('decision') === 'approve' ? 'approve' : 'reject';
  try {
    const listing = await api.listingAction(id, decision, decision === 'reject' ? String(form.get('reason') ?? '') : undefined);
    return { ok: true, decision, name: listing.name };
  } catch (error) {
    if (error instanceof ApiError && error.body) return { ok: false, error: error.body.fields?.[0]?.message ?? error.body.message };
    throw error;
  }
}

/** "Approved: <name>" or "Rejected: <name>" after a decision, for a few seconds (`decided` anew shows it again). */
export function ReviewConfirmation({ decided }: { decided: { decision: 'approve' | 'reject'; name: string } | null | undefined }) {
  const { t } = useI18n();
  const [shown, setShown] = useState(decided ?? null);
  useEffect(() => {
    setShown(decided ?? null);
    if (!decided) return;
    const timer = setTimeout(() => setShown(null), 5000);
    return () => clearTimeout(timer);
  }, [decided]);
  return (
    <div role="status">
      {shown ? (
        <p className="mt-4 rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">
          {t(shown.decision === 'approve' ? 'review.approved' : 'review.rejected', { name: shown.name })}
        </p>
      ) : null}
    </div>
  );
}

/** Approve, or reject with a reason: the form `decideReview` reads (`id` names the listing where one page holds many). */
export function ReviewDecisionForm({ id, className = '' }: { id?: number; className?: string }) {
  const { t } = useI18n();
  const busy = useNavigation().state !== 'idle';
  return (
    // On a phone: Approve, then the reason and Reject under it, full width; side by side from sm up.
    <Form method="post" className={`flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end ${className}`}>
      {id === undefined ? null : <input type="hidden" name="id" value={id} />}
      <button
        type="submit"
        name="decision"
        value="approve"
        disabled={busy}
        className="w-full rounded-full bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800 sm:w-auto"
      >
        {t('review.approve')}
      </button>
      <label className="mt-2 flex flex-col text-sm sm:mt-0">
        <span>{t('review.reason')}</span>
        <input name="reason" maxLength={500} className="mt-1 w-full rounded-lg border border-gray-300 bg-white px-3 py-2 sm:w-64" />
      </label>
      <button
        type="submit"
        name="decision"
        value="reject"
        disabled={busy}
        className="w-full rounded-full border border-red-300 bg-white px-4 py-2 text-sm font-medium text-red-800 hover:bg-red-50 sm:w-auto"
      >
        {t('review.reject')}
      </button>
    </Form>
  );
}
