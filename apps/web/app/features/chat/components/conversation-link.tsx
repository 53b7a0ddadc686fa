import { Link } from 'react-router';
import type { ChatConversation } from '@kunci/contracts/chat';
import { useI18n } from '../../../lib/i18n.tsx';
import { badgeText } from '../../../components/ui/badge-count.tsx';

/** The person on the other side of a conversation, from the reader's seat. */
export const otherParty = (c: ChatConversation) => (c.role === 'TENANT' ? c.landlord.name : c.tenant.name);

/** One conversation in a list: who, which home, and its unread count. */
export function ConversationLink({ conversation: c, current, onClick }: { conversation: ChatConversation; current?: boolean; onClick?: () => void }) {
  const { t, href } = useI18n();
  return (
    <Link
      to={href('chat', undefined, { chatId: String(c.id) })}
      aria-current={current ? 'page' : undefined}
      onClick={onClick}
      className="flex items-start gap-3 p-3 hover:bg-gray-50 aria-[current=page]:bg-brand-50"
    >
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{otherParty(c)}</span>
        <span className="block truncate text-sm text-gray-600">{c.property.name}</span>
      </span>
      {c.unreadCount ? (
        <span
          className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white"
          aria-label={t('chat.unread', { count: c.unreadCount })}
        >
          {badgeText(c.unreadCount)}
        </span>
      ) : null}
    </Link>
  );
}
