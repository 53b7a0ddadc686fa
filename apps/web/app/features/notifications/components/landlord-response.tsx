import { useEffect, useState } from 'react';
import type { LandlordResponse } from '@kunci/contracts/notifications';
import { useApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';

/**
 * "Replies to 80% of chat requests · Usually replies within 2 hours", over the response window (BUSINESS.alerts): the
 * figures as a page's loader read them.
 */
export function LandlordResponseNote({ figures, className = '' }: { figures: LandlordResponse; className?: string }) {
  const { t } = useI18n();
  const hours = figures.typicalMinutes === null ? null : Math.max(1, Math.ceil(figures.typicalMinutes / 60));
  const parts =
    figures.rate === null
      ? [t('notifications.response.new', { days: figures.windowDays })]
      : [
          t('notifications.response.rate', { rate: figures.rate }),
          ...(hours === null
            ? []
            : hours > 48
              ? [t('notifications.response.timeDays', { days: Math.ceil(hours / 24) })]
              : [t('notifications.response.time', { hours })]),
        ];
  return (
    <p className={`text-sm text-gray-700 ${className}`} data-testid="landlord-response">
      {/* The label brings its own colon: full-width in Chinese. */}
      <span className="sr-only">{t('notifications.response.label')} </span>
      {parts.join(' · ')}
    </p>
  );
}

/** The same line for a landlord whose figures the page did not load: asked after the page shows (the chat). */
export function FetchedLandlordResponseNote({ landlordId, className = '' }: { landlordId: string; className?: string }) {
  const api = useApi();
  const [figures, setFigures] = useState<LandlordResponse | null>(null);
  useEffect(() => {
    let current = true;
    api.landlordResponse(landlordId).then(
      (answer) => current && setFigures(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, landlordId]);
  return figures ? <LandlordResponseNote figures={figures} className={className} /> : null;
}
