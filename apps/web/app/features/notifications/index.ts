// The notifications feature's public entry: what the shell and other features may use of it.
export { NoticeUnreadProvider, useNoticeUnread } from './unread.tsx';
export { NotificationBell, NotificationsMenuLink } from './components/bell.tsx';
export { FetchedLandlordResponseNote, LandlordResponseNote } from './components/landlord-response.tsx';
