import { CHAT_BADGE_CAP } from '@kunci/contracts/constants';

/** "99+" above the spec's cap. */
export const badgeText = (count: number) => (count > CHAT_BADGE_CAP ? `${CHAT_BADGE_CAP}+` : String(count));

/** The unread badge on an icon: hidden at zero, capped at "99+" (chats' by default; the bell names its own test id). */
export function BadgeCount({ count, label, testId = 'chat-badge' }: { count: number; label: string; testId?: string }) {
  if (!count) return null;
  return (
    <span
      className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] font-semibold leading-5 text-white"
      aria-label={label}
      data-testid={testId}
    >
      {badgeText(count)}
    </span>
  );
}
