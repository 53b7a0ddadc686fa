import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { Button, Field } from '../../../components/ui/field.tsx';
import { useI18n } from '../../../lib/i18n.tsx';

/**
 * The PIN step of signing in or up: the number the PIN went to, the PIN field, verify and resend; the
 * development outbox link while it exists. `hidden` carries the form's other fields through.
 */
export function PinStep({
  phoneNo,
  error,
  busy,
  resendIntent,
  outbox,
  hidden,
  footer,
}: {
  phoneNo: string;
  error: string | undefined;
  busy: boolean;
  resendIntent: string;
  outbox: boolean;
  hidden: ReactNode;
  footer?: ReactNode;
}) {
  const { t, href } = useI18n();
  return (
    <Form method="post" className="space-y-4" key="pin">
      {hidden}
      <input type="hidden" name="phoneNo" value={phoneNo} />
      <p className="text-gray-700">{t('auth.pin.sentTo', { phone: phoneNo })}</p>
      <Field
        id="pin"
        name="pin"
        label={t('auth.pin.label')}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\d{6}"
        maxLength={6}
        required
        autoFocus
        error={error}
      />
      <Button type="submit" name="intent" value="verify-pin" disabled={busy}>
        {t('auth.pin.verify')}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button type="submit" name="intent" value={resendIntent} variant="link" formNoValidate>
          {t('auth.pin.resend')}
        </Button>
        {footer}
      </div>
      {outbox ? (
        <a href={href('devOutbox', undefined, { to: phoneNo })} target="_blank" rel="noreferrer" className="block text-sm text-gray-600 underline">
          {t('auth.devOutbox')}
        </a>
      ) : null}
    </Form>
  );
}
