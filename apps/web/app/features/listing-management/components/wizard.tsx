import type { ReactNode } from 'react';
import { href } from '@kunci/i18n/paths';
import type { Language } from '@kunci/i18n/locales';
import { POST_STEPS, postSteps, resumeStep, type PostStep } from '@kunci/contracts/listing-management';
import type { ListingType } from '@kunci/contracts/reference';
import { useI18n } from '../../../lib/i18n.tsx';

type Flow = { type: ListingType; landmarkVerified: boolean };

/** The page of a step, for the listing `ref`. */
export function stepHref(lang: Language, step: PostStep, ref: number): string {
  switch (step) {
    case 'details':
      return href(lang, 'postEdit', { ref });
    case 'gps':
      return href(lang, 'postGps', { ref });
    case 'facilities':
      return href(lang, 'postFacilities', undefined, { ref });
    case 'nearby':
      return href(lang, 'postNearby', undefined, { ref });
    case 'additional':
      return href(lang, 'postAdditional', undefined, { ref });
    case 'images':
      return href(lang, 'postImages', undefined, { ref });
    case 'video':
      return href(lang, 'postVideo', undefined, { ref });
  }
}

/** The page after `step` in this listing's flow (the last step has none: the listing is sent for review). */
export function nextStepHref(lang: Language, listing: Flow & { id: number }, step: PostStep): string {
  const steps = postSteps(listing);
  const next = steps.find((s) => POST_STEPS.indexOf(s) > POST_STEPS.indexOf(step)) ?? steps[steps.length - 1]!;
  return stepHref(lang, next, listing.id);
}

/** The page before `step`, for the "Back" link. */
export function previousStepHref(lang: Language, listing: Flow & { id: number }, step: PostStep): string {
  const steps = postSteps(listing);
  const previous = steps.findLast((s) => POST_STEPS.indexOf(s) < POST_STEPS.indexOf(step)) ?? 'details';
  return stepHref(lang, previous, listing.id);
}

/** Where a draft picks up again. */
export function resumeHref(lang: Language, listing: Flow & { id: number; draftStep: number }): string {
  return stepHref(lang, resumeStep(listing), listing.id);
}

/** The wizard's frame: the step's name, "Step n of N" with a progress bar, then the step itself. */
export function Wizard({ step, flow, children }: { step: PostStep; flow: Flow; children: ReactNode }) {
  const { t } = useI18n();
  const steps = postSteps(flow);
  const index = steps.indexOf(step) + 1;
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 md:py-10">
      <p className="text-sm font-medium text-brand-700">{t('post.step', { step: index, count: steps.length })}</p>
      <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-gray-100" aria-hidden="true">
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${(index / steps.length) * 100}%` }} />
      </div>
      <h1 className="mt-4 text-2xl font-bold md:text-3xl">{t(`post.step.${step}`)}</h1>
      <div className="mt-6">{children}</div>
    </div>
  );
}
