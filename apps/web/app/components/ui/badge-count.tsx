import { CHAT_BADGE_CAP } from '@kunci/contracts/constants';

/** The unread badge: hidden at zero, capped at "99+". */
export function BadgeCount({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span
      className="absolute -right-1.5 -top-1.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] font-semibold leading-5 text-white"
      aria-label={label}
    >
      {count > CHAT_BADGE_CAP ? `${CHAT_BADGE_CAP}+` : count}
    </span>
  );
}
