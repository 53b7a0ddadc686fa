import { describe, expect, it } from 'vitest';
import type { NoticePreferences } from '@kunci/contracts/notifications';
import { alertChannels, alertIntroKey } from './alert-channels.ts';

const preferences = (
  match: { email?: boolean; push?: boolean },
  digest: { email?: boolean; push?: boolean },
  push: NoticePreferences['push'] = { publicKey: 'key', subscriptions: 1 },
): NoticePreferences => ({
  types: [
    { type: 'saved-searches.match', label: 'New homes', channels: match },
    { type: 'saved-searches.digest', label: 'Summaries', channels: digest },
  ],
  push,
});

describe('where saved-search alerts arrive', () => {
  it('says the bell alone to someone without an email address, whatever their email setting', () => {
    const channels = alertChannels(false, 'INSTANT', preferences({ email: true }, { email: true }));
    expect(channels).toEqual({ bell: true, email: false, push: false });
    expect(alertIntroKey(channels)).toBe('notifications.saved.intro.bell');
    expect(alertChannels(false, 'DAILY', undefined)).toEqual({ bell: true, email: false, push: false });
  });

  it('says email to someone with an address, unless they switched email off for that notice', () => {
    expect(alertIntroKey(alertChannels(true, 'INSTANT', undefined))).toBe('notifications.saved.dialogIntro');
    expect(alertChannels(true, 'INSTANT', preferences({ email: false }, { email: true })).email).toBe(false);
    expect(alertChannels(true, 'WEEKLY', preferences({ email: false }, { email: true })).email).toBe(true);
  });

  it('says push only for instant alerts, with push configured, switched on and a subscribed browser', () => {
    const on = preferences({ email: true, push: true }, { email: true });
    expect(alertIntroKey(alertChannels(true, 'INSTANT', on))).toBe('notifications.saved.intro.bellEmailPush');
    expect(alertIntroKey(alertChannels(false, 'INSTANT', on))).toBe('notifications.saved.intro.bellPush');
    // Digests are not pushed (their notice offers no push).
    expect(alertChannels(true, 'DAILY', on).push).toBe(false);
    expect(alertChannels(true, 'INSTANT', preferences({ email: true, push: false }, {})).push).toBe(false);
    expect(alertChannels(true, 'INSTANT', preferences({ email: true, push: true }, {}, { publicKey: 'key', subscriptions: 0 })).push).toBe(false);
    expect(alertChannels(true, 'INSTANT', preferences({ email: true }, {}, { publicKey: null, subscriptions: 0 })).push).toBe(false);
    expect(alertChannels(true, 'INSTANT', undefined).push).toBe(false);
  });
});
