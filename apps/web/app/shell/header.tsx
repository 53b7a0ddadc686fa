import { Link } from 'react-router';
import { isStaff } from '@kunci/contracts/staff';
import { useI18n } from '../lib/i18n.tsx';
import { ChatIcon, HeartIcon, MenuIcon, UserIcon } from '../components/ui/icons.tsx';
import { useChatLive } from '../features/chat/index.ts';
import { NotificationBell } from '../features/notifications/index.ts';
import { BadgeCount } from '../components/ui/badge-count.tsx';
import { DropdownMenu, MENU_ITEM, MENU_ITEM_CLASS } from '../components/ui/menu.tsx';
import { useRootData } from '../lib/root-data.ts';
import { LanguageSelector } from '../components/layout/language-selector.tsx';
import { LogoutButton, LogoutForm } from '../components/layout/logout-button.tsx';
import { SearchBar } from '../components/layout/search-bar.tsx';
import { Logo } from '../components/layout/logo.tsx';

/** The site header: below 770 px it keeps the menu toggle, logo and icons; the search moves into the page. */
export function Header({ onOpenMenu, hiddenOnMobile }: { onOpenMenu: () => void; hiddenOnMobile: boolean }) {
  const { t, href } = useI18n();
  return (
    <header className={`sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur ${hiddenOnMobile ? 'max-hd:hidden' : ''}`}>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-2 sm:gap-2 sm:px-4 hd:gap-4">
        <button type="button" onClick={onOpenMenu} className="rounded-md p-2 hover:bg-gray-100 hd:hidden" aria-label={t('nav.openMenu')}>
          <MenuIcon />
        </button>
        <Logo />
        <nav aria-label={t('nav.mainMenu')} className="hidden items-center gap-1 hd:flex">
          <Link to={href('landlordInfo')} className="rounded-md px-3 py-2 text-sm font-medium hover:bg-gray-100">
            {t('nav.landlord')}
          </Link>
          <Link to={href('tenantInfo')} className="rounded-md px-3 py-2 text-sm font-medium hover:bg-gray-100">
            {t('nav.tenant')}
          </Link>
          <Link to={href('reels')} className="rounded-md px-3 py-2 text-sm font-medium hover:bg-gray-100">
            {t('reels.entry')}
          </Link>
        </nav>
        <SearchBar className="hidden flex-1 hd:block hd:max-w-md" />
        <div className="ml-auto flex items-center sm:gap-1">
          <Link
            to={href('post')}
            className="mr-1 hidden shrink-0 rounded-full bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 hd:inline-block"
          >
            {t('listings.new')}
          </Link>
          <LanguageSelector />
          <ChatLink />
          <NotificationBell />
          <Link to={href('favourites')} className="relative rounded-full p-2 hover:bg-gray-100" aria-label={t('nav.favourites')}>
            <HeartIcon />
          </Link>
          <ProfileMenu />
        </div>
      </div>
    </header>
  );
}

/** The chat icon with the unread badge (99+ above 99), for signed-in visitors. */
function ChatLink() {
  const { t, href } = useI18n();
  const { user } = useRootData();
  const { unread } = useChatLive();
  if (!user) return null;
  return (
    <Link
      to={href('chat')}
      className="relative rounded-full p-2 hover:bg-gray-100"
      aria-label={`${t('nav.chat')}, ${t('nav.unreadChats', { count: unread })}`}
      data-testid="header-chat"
    >
      <ChatIcon />
      <BadgeCount count={unread} label={t('nav.unreadChats', { count: unread })} />
    </Link>
  );
}

function ProfileMenu() {
  const { t, href } = useI18n();
  const { user, managementAppUrl } = useRootData();
  const button = 'flex items-center gap-2 rounded-full p-2 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600';
  if (user) {
    return (
      <DropdownMenu
        label={t('nav.account')}
        buttonClassName={button}
        menuClassName="w-56"
        before={<LogoutForm />}
        button={
          <>
            <UserIcon />
            <span className="hidden max-w-32 truncate text-sm font-medium lg:inline">{user.name === 'guest' ? user.phoneNumber : user.name}</span>
          </>
        }
      >
        <Link {...MENU_ITEM} to={href('profile')} className={MENU_ITEM_CLASS}>
          {t('nav.profile')}
        </Link>
        <Link {...MENU_ITEM} to={href('dashboard')} className={MENU_ITEM_CLASS}>
          {t('nav.dashboard')}
        </Link>
        <Link {...MENU_ITEM} to={href('savedSearches')} className={MENU_ITEM_CLASS}>
          {t('notifications.saved.title')}
        </Link>
        <Link {...MENU_ITEM} to={href('myReports')} className={MENU_ITEM_CLASS}>
          {t('admin.myReportsLink')}
        </Link>
        {isStaff(user.role) ? (
          <Link {...MENU_ITEM} to={href('admin')} className={MENU_ITEM_CLASS}>
            {t('admin.profileLink')}
          </Link>
        ) : null}
        <a {...MENU_ITEM} href={new URL(managementAppUrl).origin} className={MENU_ITEM_CLASS}>
          {t('nav.managementApp')}
        </a>
        <LogoutButton {...MENU_ITEM} className={MENU_ITEM_CLASS} />
      </DropdownMenu>
    );
  }
  return (
    <DropdownMenu label={t('nav.account')} buttonClassName={button} button={<UserIcon />}>
      <Link {...MENU_ITEM} to={href('login')} className={MENU_ITEM_CLASS}>
        {t('nav.login')}
      </Link>
      <Link {...MENU_ITEM} to={href('register')} className={MENU_ITEM_CLASS}>
        {t('nav.register')}
      </Link>
    </DropdownMenu>
  );
}
