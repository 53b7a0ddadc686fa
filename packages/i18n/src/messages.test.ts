import IntlMessageFormat from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@kunci/contracts/errors';
import { MOVING_REASONS } from '@kunci/contracts/chat-constants';
import { LANGUAGES } from './locales.ts';
import { CATALOGUES, SAME_IN_EVERY_LANGUAGE, createTranslator, type MessageKey } from './messages.ts';

const keys = Object.keys(CATALOGUES.en) as MessageKey[];

describe('message catalogues', () => {
  it.each(['ms', 'zh'] as const)('%s has every key, and none left in English', (lang) => {
    const catalogue = CATALOGUES[lang];
    const missing = keys.filter((key) => typeof catalogue[key] !== 'string' || catalogue[key].trim() === '');
    const untranslated = keys.filter((key) => !SAME_IN_EVERY_LANGUAGE.has(key) && catalogue[key] === CATALOGUES.en[key]);
    const extra = Object.keys(catalogue).filter((key) => !(key in CATALOGUES.en));
    expect({ missing, untranslated, extra }).toEqual({ missing: [], untranslated: [], extra: [] });
  });

  it.each(LANGUAGES)('%s: every message is valid ICU with the same arguments as English', (lang) => {
    type Element = { type: number; value?: unknown; options?: Record<string, { value: Element[] }> };
    const names = (elements: Element[]): string[] =>
      elements.flatMap((el) => [
        ...(el.type >= 1 && el.type <= 6 ? [String(el.value)] : []),
        ...Object.values(el.options ?? {}).flatMap((option) => names(option.value)),
      ]);
    const argumentsOf = (source: string) => names(new IntlMessageFormat(source, 'en').getAst() as Element[]);
    for (const key of keys) {
      expect(() => new IntlMessageFormat(CATALOGUES[lang][key], lang), `${lang} ${key}`).not.toThrow();
      expect(new Set(argumentsOf(CATALOGUES[lang][key])), `${lang} ${key}`).toEqual(new Set(argumentsOf(CATALOGUES.en[key])));
    }
  });

  it('has a message for every API error code in every language', () => {
    for (const code of Object.values(ErrorCode)) expect(keys).toContain(`errors.${code}`);
  });

  it('formats plurals per language', () => {
    expect(createTranslator('en', CATALOGUES.en)('rent.count', { count: 1 })).toBe('1 home found');
    expect(createTranslator('en', CATALOGUES.en)('rent.count', { count: 1200 })).toBe('1,200 homes found');
    expect(createTranslator('ms', CATALOGUES.ms)('rent.count', { count: 0 })).toBe('Tiada rumah ditemui');
    expect(createTranslator('zh', CATALOGUES.zh)('rent.count', { count: 3 })).toBe('找到 3 套房屋');
  });
});

describe('wording chosen by the native review', () => {
  const all = (lang: 'ms' | 'zh') => Object.values(CATALOGUES[lang]).join('\n');

  it('uses one term where two were mixed: Foto in Malay, RM in Chinese', () => {
    expect(all('ms')).not.toMatch(/gambar/i);
    expect(all('zh')).not.toContain('令吉');
    expect(all('zh')).not.toContain('平方英尺');
  });

  it('labels the moving reasons with a capital in the chat request form, and keeps them lowercase inside its sentence', () => {
    for (const lang of LANGUAGES) {
      const t = createTranslator(lang, CATALOGUES[lang]);
      for (const reason of MOVING_REASONS) expect(t(`chat.reasonOption.${reason}`), `${lang} ${reason}`).not.toMatch(/^\p{Ll}/u);
    }
    const ms = createTranslator('ms', CATALOGUES.ms);
    for (const reason of MOVING_REASONS) expect(ms(`chat.reason.${reason}`), reason).toMatch(/^\p{Ll}/u);
    expect(ms('chat.system.request', { date: '1 Jan', budget: 'RM 1,200', months: 12, reason: ms('chat.reason.NEAR_WORK') })).toMatch(
      /, dekat tempat kerja\.$/,
    );
  });

  it('has the reviewed Malay wording', () => {
    const ms = createTranslator('ms', CATALOGUES.ms);
    expect(ms('listing.distance', { km: 1.2, place: 'KLCC' })).toBe('1.2 km dari KLCC');
    expect(ms('details.moveIn.fee')).toBe('Yuran perjanjian sewa');
    expect(all('ms')).not.toMatch(/yuran menandatangani/i);
    expect(ms('listings.views', { count: 3 })).toBe('3 paparan');
    expect(ms('post.video.hint')).toMatch(/^Video lawatan ringkas sangat membantu\./);
    expect(ms('viewing.move')).toBe('Tukar ke masa ini');
    expect(ms('chat.system.viewingRescheduled', { time: '10:00' })).toBe('Lawatan dijadualkan semula ke 10:00.');
    expect([ms('roomType.SINGLE'), ms('roomType.MIDDLE')]).toEqual(['Bilik single', 'Bilik sederhana']);
    expect([ms('saleType.SUBSALE'), ms('post.option.SUBSALE'), ms('post.option.NEW_LAUNCH')]).toEqual([
      'Subsale (jualan semula)',
      'Subsale (jualan semula)',
      'Projek baharu',
    ]);
    expect(ms('post.photos.cover')).toBe('Foto utama');
    expect(ms('facility.COVERED_PARKING')).toBe('Tempat letak kereta berbumbung');
    expect([ms('map.show'), ms('map.hide')]).toEqual(['Tunjukkan peta', 'Sembunyikan peta']);
    expect(ms('rent.description', { count: 12, area: 'Bangsar' })).toMatch(/^Terokai 12 rumah sewa di Bangsar melalui Kunci\./);
    expect(ms('rent.description', { count: 0, area: 'Bangsar' })).toMatch(/^Tiada rumah sewa di Bangsar/);
    expect(ms('rent.descriptionType', { count: 3, area: 'Bangsar', type: 'kondo' })).toMatch(/^Terokai 3 kondo untuk disewa di Bangsar/);
  });

  it('writes Chinese with full-width colons and parentheses, not ASCII ones beside Chinese text', () => {
    // Messages that show characters or Markdown as they are typed.
    const literal = new Set(['field.propertyName.characters', 'content.admin.format']);
    const ascii = Object.entries(CATALOGUES.zh).filter(
      ([key, text]) => !literal.has(key) && /\p{Script=Han}\s*[:()]|[:()]\s*\p{Script=Han}/u.test(text.replace(/https?:\/\/\S+/g, '')),
    );
    expect(ascii).toEqual([]);
    expect(createTranslator('zh', CATALOGUES.zh)('notifications.response.label')).toBe('这位房东的回复情况：');
  });

  it('has the reviewed Chinese wording', () => {
    const zh = createTranslator('zh', CATALOGUES.zh);
    expect(zh('post.kind.HIGHRISE')).toBe('高楼住宅（共管公寓、公寓、单间公寓）');
    expect(zh('listing.sqft', { sqft: '900' })).toBe('900 平方尺');
    expect(zh('facility.GATED')).toBe('门禁保安社区');
    expect(zh('tenantSearch.budget', { budget: 'RM 2,000' })).toBe('每月预算 RM 2,000');
    expect(zh('details.available', { date: '4月1日' })).toBe('4月1日起可入住');
    expect(zh('post.field.price')).toBe('月租（RM）');
  });
});

describe('our ICU formatter', () => {
  const samples = {
    count: 0,
    text: 'Teks',
    subject: 'Subjek',
    channel: 'EMAIL',
    dashboard: 'https://kunci.test/dashboard',
    hours: 12,
    instalments: 2,
    invoiced: 'RM 1,800.00',
    label: 'Label',
    landlord: 'Encik Lim',
    markdown: '**Kunci**',
    month: 'Jan',
    n: 3,
    ocd: 'RM 1,800.00',
    otr: 'RM 1,800.00',
    paid: 'RM 1,800.00',
    paidOut: 'RM 1,766.16',
    payoutDays: 3,
    postcode: '47400',
    premium: 'RM 1,908.00',
    project: 'Residensi Alam',
    property: 'Residensi Bangsar',
    search: 'Bangsar condos',
    stamp: 'RM 10.00',
    tenant: 'Puan Aisyah',
    page: 2,
    pages: 7,
    price: 'RM 1,200',
    budget: 'RM 2,500',
    months: 12,
    area: 'Bangsar',
    type: 'Condo',
    name: 'Nur',
    year: 2026,
    phone: '+60123456789',
    last4: '4242',
    pin: '123456',
    minutes: 5,
    seconds: 42,
    email: 'a@b.my',
    code: '654321',
    date: '4 Nov 2026',
    km: 1.2,
    result: 'X',
    place: 'Bangsar Heights',
    url: 'https://kunci.my',
    rate: 6,
    min: 8,
    sqft: '1,200',
    level: 7,
    index: 3,
    step: 2,
    lat: 3.1,
    lon: 101.6,
    median: 'RM 2,000',
    p25: 'RM 1,800',
    p75: 'RM 2,400',
    score: 70,
    reason: 'blurry photos',
    group: 'true',
    time: '22 Nov 2026, 10:00',
    from: 'Aisyah',
    listing: 'Bangsar Heights A-12',
    expected: 'string',
    minimum: 4,
    maximum: 100,
    inclusive: 'true',
    values: 'rent, sale',
    divisor: 5,
    facts: '3 bedrooms, fully furnished',
    role: 'TENANT',
    as: 'LANDLORD',
    state: 'BOOKED',
    side: 'TENANT',
    fee: 'RM 500.00',
    days: 5,
    amount: 'RM 500',
    actor: 'LANDLORD',
    command: 'CANCEL',
    status: 'PAID',
    current: 2,
    mb: 10,
    nric: '******-**-5567',
    profile: 'STUDENT',
    id: 'INCOME',
    uploaded: 1,
    verified: 0,
    kind: 'PAYSLIP',
    decision: 'APPROVED',
    condition: 'DOCUMENTS_MISSING',
    max: 5000,
    rent: '900',
    sst: '23.94',
    total: '1,322.94',
    option: 'PENANG',
    // Deals and agreements
    refund: 'RM 423.00',
    asked: '1 Jan 2027',
    cost: 'RM 77.00',
    purpose: 'BOOKING',
    utility: 'WATER',
    reference: 'AB12CD34',
    number: '780512145521',
    sha: 'ab12',
    signed: 'yes',
    occupants: 2,
    start: '1 Dec 2026',
    inviter: 'Aisyah binti Ahmad',
    // Growth
    bedrooms: '2 bedrooms',
    building: 'Vista Mont Kiara',
    low: '2,850',
    high: '3,400',
    to: '3,000',
    since: '26 Nov 2024',
    live: 5,
    past: 2,
    title: 'Half the first month',
    partner: 'Lorry Pindah KV',
    end: '31 Dec 2026',
    language: 'English',
    reward: 200,
    discount: 100,
    minRent: 500,
    expiry: 6,
    until: '26 May 2027',
    rating: 5,
    confirm: 'https://kunci.example/newsletter?confirm=1.x',
    unsubscribe: 'https://kunci.example/newsletter?unsubscribe=1.x',
    bank: 'Maybank',
    holder: 'A••• R•••',
    // Services
    cover: 42_000,
    runner: 'Hafiz',
    plan: 'PROTECT_PLUS',
    photos: 3,
    percent: 20,
    payout: 'MONTHLY',
    note: 'Receipt for the cabinet only.',
    day: 15,
    limit: '25 Oct 2028',
    // The back office's deals
    refunded: 'RM 200',
    pending: 'RM 0',
    outcome: 'SUCCESS',
  };
  it.each(LANGUAGES)('%s: formats every message exactly as intl-messageformat does', (lang) => {
    const t = createTranslator(lang, CATALOGUES[lang]);
    for (const key of keys) {
      for (const count of [0, 1, 2, 12, 1500]) {
        const values = { ...samples, count };
        const expected = String(
          new IntlMessageFormat(CATALOGUES[lang][key], lang === 'ms' ? 'ms-MY' : lang === 'zh' ? 'zh-MY' : 'en-MY').format(values),
        );
        expect(t(key, values), `${lang} ${key} ${count}`).toBe(expected);
      }
    }
  });
});
