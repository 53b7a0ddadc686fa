import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { BUSINESS } from '@kunci/contracts/business';
import { malaysiaDay } from '@kunci/i18n/format';
import { Button, Field, FormError } from '../../../components/ui/field.tsx';
import { CENTRED_DIALOG, Modal } from '../../../components/ui/modal.tsx';
import { ApiError, fieldErrors, useApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { useRootData } from '../../../lib/root-data.ts';

/** Today in Malaysia (YYYY-MM-DD): the earliest move-in date offered. */

/**
 * "Apply to rent" for a tenant: move-in date, months and occupants in a native dialog; the rent is the listing's as
 * listed (the server takes it from the listing, never from here). On success the deal page opens; a refusal (another
 * tenant booked it, already applied...) shows the API's message, which comes in the page's language.
 */
export function ApplyButton({
  propertyId,
  ownerId,
  listingName,
  monthlyRent,
  conversationId,
  className = '',
}: {
  propertyId: number;
  /** The listing's owner, who cannot apply for it. */
  ownerId?: string;
  listingName: string;
  monthlyRent: number;
  conversationId?: number;
  className?: string;
}) {
  const { t, money, href } = useI18n();
  const api = useApi();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useRootData();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});
  const months = BUSINESS.zeroDeposit.tenancyMonths;
  const occupants = BUSINESS.deal.occupants;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    setFields({});
    try {
      const deal = await api.applyForDeal({
        propertyId,
        moveInDate: String(form.get('moveInDate')),
        tenancyMonths: Number(form.get('tenancyMonths')),
        occupants: Number(form.get('occupants')),
        ...(conversationId ? { conversationId } : {}),
      });
      setOpen(false);
      void navigate(href('deal', undefined, { id: deal.id }));
    } catch (failure) {
      if (!(failure instanceof ApiError) || !failure.body) throw failure;
      setError(failure.body.message);
      setFields(fieldErrors(failure.body.fields));
    } finally {
      setBusy(false);
    }
  }

  const look = `inline-flex items-center justify-center rounded-full border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${className}`;
  if (user && user.id === ownerId) return null;
  if (!user) {
    return (
      <Link to={href('login', undefined, { origin: `${location.pathname}${location.search}` })} className={look}>
        {t('deal.apply')}
      </Link>
    );
  }

  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={look}>
        {t('deal.apply')}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} labelledBy={`${id}-title`} className={`${CENTRED_DIALOG} p-0`}>
        <form className="space-y-4 p-5" onSubmit={(event) => void submit(event)}>
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {t('deal.apply.title', { listing: listingName })}
          </h2>
          <p className="text-sm text-gray-700">{t('deal.apply.rent', { amount: money(monthlyRent) })}</p>
          <FormError message={error} />
          <Field
            id={`${id}-move-in`}
            name="moveInDate"
            type="date"
            required
            min={malaysiaDay(new Date().toISOString())}
            label={t('deal.apply.moveIn')}
            error={fields['moveInDate']}
          />
          <Field
            id={`${id}-months`}
            name="tenancyMonths"
            type="number"
            required
            min={months.min}
            max={months.max}
            defaultValue={months.max}
            label={t('deal.apply.months')}
            error={fields['tenancyMonths']}
          />
          <Field
            id={`${id}-occupants`}
            name="occupants"
            type="number"
            required
            min={occupants.min}
            max={occupants.max}
            defaultValue={1}
            label={t('deal.apply.occupants')}
            error={fields['occupants']}
          />
          <div className="flex flex-col gap-2 sm:flex-row-reverse">
            <Button type="submit" disabled={busy} className="sm:w-auto">
              {t('deal.apply.submit')}
            </Button>
            <Button type="button" variant="secondary" className="sm:w-auto" onClick={() => setOpen(false)}>
              {t('deal.apply.cancel')}
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
