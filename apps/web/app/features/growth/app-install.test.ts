import { describe, expect, it } from 'vitest';
import { BUSINESS } from '@kunci/contracts/business';
import { appInstallLink, referralSuffix } from './app-install.ts';

describe('app-install link and referral suffix (spec section 9)', () => {
  it('the install link names the app, the install source and a stored utm_source', () => {
    const link = new URL(appInstallLink('web_popup', 'facebook'));
    expect(link.searchParams.get('id')).toBe(BUSINESS.growth.appInstall.playStoreId);
    const referrer = new URLSearchParams(link.searchParams.get('referrer')!);
    expect(Object.fromEntries(referrer)).toEqual({ install_source: 'web_popup', utm_source: 'facebook' });
    expect(Object.fromEntries(new URLSearchParams(new URL(appInstallLink('footer')).searchParams.get('referrer')!))).toEqual({
      install_source: 'footer',
    });
  });

  it('the referral suffix carries ajreferral, rrid and utmParam with referralrUrl=true, or nothing', () => {
    expect(referralSuffix({ ajreferral: 'K7M2Q9XA', utmParam: 'utm_source=wa' })).toBe(
      'ajreferral=K7M2Q9XA&utmParam=utm_source%3Dwa&referralrUrl=true',
    );
    expect(referralSuffix({})).toBe('');
  });
});
