import type { ReactNode } from 'react';
import { useI18n } from '../../../lib/i18n.tsx';

export const WIZARD_STEPS = ['details', 'gps', 'additional', 'images', 'video'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** The wizard's frame: the step's name, "Step n of N" with a progress bar, then the step itself. */
export function Wizard({ step, children }: { step: WizardStep; children: ReactNode }) {
  const { t } = useI18n();
  const index = WIZARD_STEPS.indexOf(step) + 1;
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 md:py-10">
      <p className="text-sm font-medium text-brand-700">{t('post.step', { step: index, count: WIZARD_STEPS.length })}</p>
      <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-gray-100" aria-hidden="true">
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${(index / WIZARD_STEPS.length) * 100}%` }} />
      </div>
      <h1 className="mt-4 text-2xl font-bold md:text-3xl">{t(`post.step.${step}`)}</h1>
      <div className="mt-6">{children}</div>
    </div>
  );
}
