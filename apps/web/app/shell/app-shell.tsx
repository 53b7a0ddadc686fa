import { useState, type ReactNode } from 'react';
import { useLocation, useMatches } from 'react-router';
import type { ListingCard } from '@kunci/contracts/listings';
import type { Area } from '@kunci/contracts/reference';
import { useI18n } from '../lib/i18n.tsx';
import { ScrollToTop } from '../components/ui/scroll-to-top.tsx';
import { ToastProvider } from '../components/ui/toast.tsx';
import { FavouriteButton, FavouritesProvider } from '../features/favourites/index.ts';
import { ChatLiveProvider, FloatingChat } from '../features/chat/index.ts';
import { ListingCardAction } from '../components/listing/listing-card.tsx';
import { BottomBar } from './bottom-bar.tsx';
import { Footer } from '../components/layout/footer.tsx';
import { Header } from './header.tsx';
import { SessionNotices } from '../components/layout/session-notices.tsx';
import { NoticeUnreadProvider, NotificationsMenuLink } from '../features/notifications/index.ts';
import { AppInstallPopup } from '../features/growth/index.ts';
import { Sidebar } from '../components/layout/sidebar.tsx';

/** Pages without the mobile header and bottom bar (spec: details, reels and chat-id pages). */
const IMMERSIVE_ROUTES = /^(details|reels)\./;
/** Pages rendered bare, with no layout at all (spec: /setcookie and /refresh). */
const BARE_ROUTES = /^(refresh|setcookie)\./;

/** Every listing card carries the favourites heart. */
const favouriteAction = (listing: ListingCard) => <FavouriteButton propertyId={listing.id} name={listing.name} />;

export function AppShell({ areas, children }: { areas: readonly Area[]; children: ReactNode }) {
  const { t } = useI18n();
  const [menuOpen, setMenuOpen] = useState(false);
  const leaf = useMatches().at(-1)?.id ?? '';
  const { search } = useLocation();
  const immersive = IMMERSIVE_ROUTES.test(leaf);
  // An open conversation has its own composer where the bottom bar would be.
  const chatOpen = /^chat\./.test(leaf) && new URLSearchParams(search).has('chatId');
  if (BARE_ROUTES.test(leaf)) return <>{children}</>;
  return (
    <ToastProvider dismissLabel={t('toast.dismiss')}>
      <FavouritesProvider>
        <ListingCardAction.Provider value={favouriteAction}>
          <ChatLiveProvider>
            <NoticeUnreadProvider>
              <SessionNotices />
              <a
                href="#main"
                className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
              >
                {t('nav.skipToContent')}
              </a>
              <Header onOpenMenu={() => setMenuOpen(true)} hiddenOnMobile={immersive} />
              <Sidebar open={menuOpen} onClose={() => setMenuOpen(false)} noticesLink={(props) => <NotificationsMenuLink {...props} />} />
              {immersive ? null : <AppInstallPopup />}
              <main id="main" className="min-h-[60vh]">
                {children}
              </main>
              <Footer areas={areas} />
              {immersive || chatOpen ? null : <BottomBar />}
              {/* One corner stack, so "Back to top" sits above the chat button (and its panel) instead of on it; above
              the phone's bottom bar, or a listing's price-and-chat bar, and the home indicator. */}
              <div className="pointer-events-none fixed bottom-[calc(5rem+env(safe-area-inset-bottom))] right-4 z-30 flex flex-col items-end gap-3 md:bottom-6 *:pointer-events-auto">
                <ScrollToTop label={t('nav.scrollToTop')} />
                <FloatingChat />
              </div>
            </NoticeUnreadProvider>
          </ChatLiveProvider>
        </ListingCardAction.Provider>
      </FavouritesProvider>
    </ToastProvider>
  );
}
