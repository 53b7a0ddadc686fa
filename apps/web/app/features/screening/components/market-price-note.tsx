import { useEffect, useState, type FormEvent } from 'react';
import type { MarketPriceJustification } from '@kunci/contracts/screening';
import { Button, FormError, TextAreaField } from '../../../components/ui/field.tsx';
import { ApiError, useApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { useRootData } from '../../../lib/root-data.ts';

/**
 * On a rental's page: the landlord's reason for a rent above comparable rents, when they gave one, for tenants; for
 * the landlord, a form to give it (refused when the rent is not above the comparable rents).
 */
export function MarketPriceNote({ propertyId, ownerId }: { propertyId: number; ownerId: string }) {
  const { t, money } = useI18n();
  const api = useApi();
  const { user } = useRootData();
  const [latest, setLatest] = useState<MarketPriceJustification | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const owner = user?.id === ownerId;

  useEffect(() => {
    let live = true;
    api
      .marketPriceJustifications(propertyId)
      .then(({ content }) => live && setLatest(content[0] ?? null))
      // Nothing to show is the same as no justification: the listing's page stands without it.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, propertyId]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    setBusy(true);
    setError(undefined);
    try {
      setLatest(await api.justifyMarketPrice({ propertyId, reason }));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('errors.11500'));
    } finally {
      setBusy(false);
    }
  }

  if (!latest && !owner) return null;
  return (
    <section aria-labelledby="market-price" className="rounded-2xl border border-gray-200 p-5">
      <h2 id="market-price" className="font-semibold">
        {t('screening.market.title')}
      </h2>
      {latest ? (
        <>
          <p className="mt-1 text-sm text-gray-700">{t('screening.market.text', { median: money(latest.comparableRent) })}</p>
          <blockquote className="mt-2 border-l-4 border-brand-200 pl-3 text-gray-900">{latest.reason}</blockquote>
        </>
      ) : null}
      {owner && !latest ? (
        <form onSubmit={(event) => void submit(event)} className="mt-2 space-y-2">
          <p className="text-sm text-gray-700">{t('screening.market.owner.intro')}</p>
          <FormError message={error} />
          <TextAreaField
            id="market-reason"
            name="reason"
            label={t('screening.justify.reason')}
            hint={t('screening.justify.reasonHint')}
            required
            minLength={20}
            maxLength={1000}
            rows={3}
          />
          <Button type="submit" disabled={busy} className="sm:w-auto">
            {t('screening.market.owner.submit')}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
