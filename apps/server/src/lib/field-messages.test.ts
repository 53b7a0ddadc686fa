import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kunci/contracts/errors';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/support.ts';

/** Field messages of 422 answers are in the caller's language: the services' own and the schemas' alike. */
describe('field messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const fields = async (method: 'GET' | 'POST', url: string, language: string, payload?: object, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method, url, payload, headers: { 'x-language': language, ...headers } });
    expect(res.statusCode, url).toBe(422);
    return Object.fromEntries((res.json().fields as { path: string; message: string }[]).map((f) => [f.path, f.message]));
  };

  it('gives the services’ field messages in the caller’s language', async () => {
    expect(await fields('POST', '/api/pin/request', 'ms', { phoneNo: '01000' })).toEqual({ 'body.phoneNo': 'Nombor telefon bimbit tidak sah' });
    expect(await fields('POST', '/api/users/reset-password/by-phone/0129990001', 'zh')).toEqual({ 'params.phone': '没有账户使用此号码。' });
    expect(await fields('GET', '/api/properties/search?lm=2147483000', 'ms')).toEqual({ 'querystring.lm': 'Bangunan ini tidak dikenali.' });
    const { userId, token } = await signIn(t.app);
    const personal = await t.app.inject({
      method: 'POST',
      url: `/api/v3/user/work-email-verification/request-otp/${userId}`,
      payload: { email: 'aina@gmail.com' },
      headers: { ...bearer(token), 'x-language': 'zh' },
    });
    expect(personal.json()).toMatchObject({
      errorCode: ErrorCode.WORK_EMAIL_REQUIRED,
      fields: [{ path: 'body.email', message: '请使用公司邮箱地址。' }],
    });
  });

  it('gives the schemas’ refinements in the caller’s language', async () => {
    expect(await fields('GET', '/api/properties/search?minPrice=3000&maxPrice=1000', 'ms')).toEqual({
      'querystring.maxPrice': 'Harga tertinggi lebih rendah daripada harga terendah.',
    });
    expect(await fields('GET', '/api/properties/search?sort=distance', 'zh')).toEqual({ 'querystring.sort': '按距离排序需要一个参照地点。' });
  });

  it('replaces zod’s English defaults with a message for each kind of issue', async () => {
    expect(await fields('POST', '/api/pin/request', 'ms', {})).toEqual({ 'body.phoneNo': 'Sila isi ruangan ini.' });
    expect(await fields('POST', '/api/pin/request', 'zh', { phoneNo: 60123456789 })).toEqual({ 'body.phoneNo': '请输入文字。' });
    expect(await fields('GET', '/api/properties/search?pageSize=500', 'ms')).toEqual({ 'querystring.pageSize': 'Masukkan 60 atau kurang.' });
    expect(await fields('GET', '/api/properties/search?bedrooms=-1', 'en')).toEqual({ 'querystring.bedrooms': 'Enter 0 or more.' });
    expect(await fields('GET', '/api/properties/search?q=' + 'x'.repeat(101), 'zh')).toEqual({ 'querystring.q': '最多 100 个字符。' });
    expect(await fields('GET', '/api/properties/search?purpose=lease', 'ms')).toEqual({ 'querystring.purpose': 'Pilih salah satu: rent, sale.' });
    expect(await fields('GET', '/api/properties/search?loc=Bangsar!', 'zh')).toEqual({ 'querystring.loc': '格式不正确。' });
    expect(await fields('GET', '/api/properties/search?colour=red', 'ms')).toEqual({ 'querystring.colour': 'Ruangan ini tidak diterima di sini.' });
  });
});
