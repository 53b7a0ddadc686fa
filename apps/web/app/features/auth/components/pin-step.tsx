import { useEffect, useState, type ReactNode } from 'react';
import { Form } from 'react-router';
import { Button, Field } from '../../../components/ui/field.tsx';
import { useI18n } from '../../../lib/i18n.tsx';

/**
 * The PIN step of signing in or up: the number the PIN went to, the PIN field, verify and resend; the
 * development outbox link while it exists. `hidden` carries the form's other fields through. `cooldown`: a new
 * PIN was asked for too soon; resend waits, counting down, while the PIN already sent can still be entered.
 */
export function PinStep({
  phoneNo,
  error,
  busy,
  resendIntent,
  cooldown,
  outbox,
  hidden,
  footer,
}: {
  phoneNo: string;
  error: string | undefined;
  busy: boolean;
  resendIntent: string;
  cooldown?: { seconds: number } | undefined;
  outbox: boolean;
  hidden: ReactNode;
  footer?: ReactNode;
}) {
  const { t, href } = useI18n();
  const wait = useCountdown(cooldown);
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
      {cooldown ? (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('auth.pin.stillValid')}
        </p>
      ) : null}
      <input type="hidden" name="resend" value="1" />
      <div className="flex flex-wrap justify-between gap-2">
        <Button
          type="submit"
          name="intent"
          value={resendIntent}
          variant="link"
          formNoValidate
          disabled={wait > 0}
          className="disabled:text-gray-600 disabled:no-underline"
        >
          {wait > 0 ? t('auth.pin.resendIn', { time: `${Math.floor(wait / 60)}:${String(wait % 60).padStart(2, '0')}` }) : t('auth.pin.resend')}
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

/** Seconds left of `cooldown`, counting down to 0 (restarting whenever a new cooldown is given). */
function useCountdown(cooldown: { seconds: number } | undefined): number {
  const [left, setLeft] = useState(cooldown?.seconds ?? 0);
  useEffect(() => {
    if (!cooldown) return setLeft(0);
    const until = Date.now() + cooldown.seconds * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((until - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [cooldown]);
  return left;
}
