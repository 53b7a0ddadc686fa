import { Form } from 'react-router';
import { useI18n } from '../../../lib/i18n.tsx';
import type { StaffActionResult } from '../staff.server.ts';

/** Asks for the PIN just sent by SMS, then submits the same action again with it. */
export function PinPrompt({ result }: { result: StaffActionResult<unknown> | undefined }) {
  const { t } = useI18n();
  if (!result || result.ok || !('needsPin' in result)) return null;
  return (
    <Form method="post" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4" aria-labelledby="pin-title">
      <h2 id="pin-title" className="font-semibold">
        {t('admin.pin.title')}
      </h2>
      <p className="mt-1 text-sm text-gray-800">{result.phoneNo ? t('admin.pin.sent', { phone: result.phoneNo }) : t('admin.pin.again')}</p>
      {Object.entries(result.resubmit).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="staff-pin" className="mt-3 block text-sm font-medium">
        {t('admin.pin.label')}
      </label>
      <input
        id="staff-pin"
        name="pin"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\d{6}"
        maxLength={6}
        required
        autoFocus
        aria-invalid={result.error ? true : undefined}
        aria-describedby={result.error ? 'staff-pin-error' : undefined}
        className="mt-1 block w-40 rounded-lg border border-gray-300 px-3 py-2 text-lg tracking-widest"
      />
      {result.error ? (
        <p id="staff-pin-error" role="alert" className="mt-1 text-sm text-red-700">
          {result.error}
        </p>
      ) : null}
      <button type="submit" className="mt-3 rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
        {t('admin.pin.confirm')}
      </button>
    </Form>
  );
}

/** The action's refusal or confirmation, read out when it appears. */
export function ActionMessage({ result, done }: { result: StaffActionResult<unknown> | undefined; done: string }) {
  if (!result || (!result.ok && 'needsPin' in result)) return null;
  return result.ok ? (
    <p role="status" className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-green-900">
      {done}
    </p>
  ) : (
    <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-red-800">
      {result.error}
    </p>
  );
}
