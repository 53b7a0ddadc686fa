import { useEffect, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { useI18n } from '../lib/i18n.tsx';
import { useRootData } from '../lib/root-data.ts';
import { BuildingIcon, ChatIcon, HomeIcon, LoginIcon, UserIcon } from '../components/ui/icons.tsx';
import { useChatLive } from '../features/chat/index.ts';
import { BadgeCount } from '../components/ui/badge-count.tsx';

/** Hidden while the page scrolls down, shown again on the way up. */
function useScrollingDown(): boolean {
  const [down, setDown] = useState(false);
  const last = useRef(0);
  useEffect(() => {
    last.current = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - last.current) < 8) return;
      setDown(y > last.current && y > 64);
      last.current = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return down;
}

/** The mobile bottom bar (below 768 px): Home, Property, then Chat (with its badge) and Profile when signed in, otherwise Log In. */
export function BottomBar() {
  const { t, href } = useI18n();
  const { user } = useRootData();
  const hidden = useScrollingDown();
  const { unread } = useChatLive();
  const item = ({ isActive }: { isActive: boolean }) =>
    `flex flex-1 flex-col items-center gap-0.5 py-2 text-xs font-medium ${isActive ? 'text-brand-700' : 'text-gray-600'}`;
  return (
    <nav
      aria-label={t('nav.bottomBar')}
      data-testid="bottom-bar"
      className={`fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white pb-[env(safe-area-inset-bottom)] transition-transform duration-200 md:hidden ${hidden ? 'translate-y-full' : ''}`}
    >
      <div className="flex">
        <NavLink to={href('home')} end className={item}>
          <HomeIcon /> {t('nav.home')}
        </NavLink>
        <NavLink to={href('property')} className={item}>
          <BuildingIcon /> {t('nav.property')}
        </NavLink>
        {user ? (
          <>
            {/* The count is part of the link's name: a label on the badge's span alone is one screen readers may skip. */}
            <NavLink
              to={href('chat')}
              className={item}
              data-testid="bottom-chat"
              aria-label={unread ? `${t('nav.chat')}, ${t('nav.unreadChats', { count: unread })}` : undefined}
            >
              <span className="relative">
                <ChatIcon />
                <BadgeCount count={unread} label={t('nav.unreadChats', { count: unread })} />
              </span>
              {t('nav.chat')}
            </NavLink>
            <NavLink to={href('dashboard')} end className={item}>
              <UserIcon /> {t('nav.profile')}
            </NavLink>
          </>
        ) : (
          <NavLink to={href('login')} className={item}>
            <LoginIcon /> {t('nav.login')}
          </NavLink>
        )}
      </div>
    </nav>
  );
}
