import { useEffect, useState } from 'react';

/** Long enough to read a short sentence; the message is announced when it appears, so nothing is lost when it goes. */
const SAVED_NOTICE_MS = 5000;

/**
 * A success message in a polite live region that is always in the page (so it is announced when filled), shown for
 * each new save (`stamp`) and cleared by itself. It lives in the route, so it never outlasts a navigation.
 */
export function SavedNotice({ message, stamp }: { message: string; stamp: number | undefined }) {
  const [cleared, setCleared] = useState<number>();
  useEffect(() => {
    if (stamp === undefined) return;
    const timer = setTimeout(() => setCleared(stamp), SAVED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [stamp]);
  const visible = stamp !== undefined && cleared !== stamp;
  return (
    <p role="status" aria-live="polite" className="min-h-5 text-sm font-medium text-brand-700">
      {visible ? message : null}
    </p>
  );
}
