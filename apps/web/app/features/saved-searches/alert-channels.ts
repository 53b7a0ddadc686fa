import type { NoticePreferences } from '@kunci/contracts/notifications';
import type { SavedSearchFrequency } from '@kunci/contracts/saved-searches';

/** The notice a saved search sends: one per new home when instant, else the daily or weekly digest (server's saved-search-notices.ts). */
const NOTICE_TYPE = { INSTANT: 'saved-searches.match', DAILY: 'saved-searches.digest', WEEKLY: 'saved-searches.digest' } as const;

export interface AlertChannels {
  /** Always: every notice is listed under the bell. */
  bell: true;
  email: boolean;
  push: boolean;
}

/**
 * Where a saved search's alerts reach its owner, as the notification centre delivers them: email only to someone with
 * an address who has not switched it off for this notice; push only where this notice offers it (instant, with web
 * push configured), it is on, and a browser of theirs is subscribed. Before the settings are known (`preferences`
 * undefined), email follows the address and push is not promised.
 */
export function alertChannels(hasEmail: boolean, frequency: SavedSearchFrequency, preferences: NoticePreferences | undefined): AlertChannels {
  const chosen = preferences?.types.find((type) => type.type === NOTICE_TYPE[frequency])?.channels;
  return {
    bell: true,
    email: hasEmail && chosen?.email !== false,
    push: Boolean(preferences?.push.publicKey) && (preferences?.push.subscriptions ?? 0) > 0 && chosen?.push === true,
  };
}

/** The dialog's sentence saying where alerts arrive. */
export function alertIntroKey({ email, push }: AlertChannels) {
  if (email && push) return 'notifications.saved.intro.bellEmailPush' as const;
  if (email) return 'notifications.saved.dialogIntro' as const;
  if (push) return 'notifications.saved.intro.bellPush' as const;
  return 'notifications.saved.intro.bell' as const;
}
