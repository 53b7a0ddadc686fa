import { describe, expect, it } from 'vitest';
import { maskNric, normaliseNric } from '@kunci/contracts/screening';
import { BureauError, createSimulatorBureau, SIMULATOR_NRICS, simulatorAnswers } from './credit-bureau.ts';
import { createSealer, generateDataKey, sniffDocument } from './private-files.ts';

const photo = { icFront: Buffer.from('front'), icBack: Buffer.from('back') };

describe('NRIC (MyKad number)', () => {
  it('takes 12 digits with a real YYMMDD date and an issued place-of-birth code, with or without dashes', () => {
    expect(normaliseNric('900101-14-5567')).toBe('900101145567');
    expect(normaliseNric('000229 10 1234')).toBe('000229101234'); // 2000 was a leap year
    expect(normaliseNric('850615105231')).toBe('850615105231');
  });

  it('refuses wrong lengths, impossible dates and codes never issued', () => {
    expect(normaliseNric('90010114556')).toBeNull(); // 11 digits
    expect(normaliseNric('9001011455678')).toBeNull(); // 13 digits
    expect(normaliseNric('901301-14-5567')).toBeNull(); // month 13
    expect(normaliseNric('900230-14-5567')).toBeNull(); // 30 February
    expect(normaliseNric('010229-10-1234')).toBeNull(); // 29 February 1901 and 2001: no leap year
    expect(normaliseNric('900101-17-5567')).toBeNull(); // 17 is not issued
    expect(normaliseNric('900101-00-5567')).toBeNull();
    expect(normaliseNric('90O101-14-5567')).toBeNull();
  });

  it('is shown with the last four digits only', () => {
    expect(maskNric('900101145567')).toBe('******-**-5567');
  });
});

describe('credit bureau simulator', () => {
  const bureau = createSimulatorBureau();

  it('checks answers against the fixed ones of the NRIC: right passes, any wrong one does not', async () => {
    const right = simulatorAnswers('900101145567');
    expect(right.map((answer) => answer.questionId)).toEqual(bureau.questions().map((question) => question.id));
    expect(await bureau.verifyAnswers('900101145567', right)).toBe(true);
    const question = bureau.questions()[0]!;
    const wrongOption = question.options.find((option) => option.id !== right[0]!.answerId)!.id;
    expect(await bureau.verifyAnswers('900101145567', [{ ...right[0]!, answerId: wrongOption }, ...right.slice(1)])).toBe(false);
    expect(await bureau.verifyAnswers('900101145567', right.slice(1))).toBe(false);
  });

  it('gives the listed outcomes for the test NRICs, and the same outcome every time for any other', async () => {
    expect(await bureau.report('900101145567', photo)).toMatchObject({ kind: 'REPORT', outcome: 'SUCCESS' });
    expect(await bureau.report('850615105231', photo)).toMatchObject({ kind: 'REPORT', outcome: 'FAIL' });
    expect(await bureau.report('920303086012', photo)).toEqual({ kind: 'CONSENT_FAIL' });
    await expect(bureau.report('880808016677', photo)).rejects.toBeInstanceOf(BureauError);
    await expect(bureau.verifyAnswers('880808016677', [])).rejects.toBeInstanceOf(BureauError);
    expect(await bureau.report('900101145567', { icFront: Buffer.alloc(0), icBack: photo.icBack })).toEqual({ kind: 'CONSENT_FAIL' });
    const other = await bureau.report('950505055555', photo);
    expect(await bureau.report('950505055555', photo)).toEqual(other);
    expect(Object.keys(SIMULATOR_NRICS).every((nric) => normaliseNric(nric) === nric)).toBe(true);
  });
});

describe('private files', () => {
  it('seals with AES-256-GCM: no plain bytes in the sealed blob, a changed byte does not open, another key does not open', () => {
    const sealer = createSealer(generateDataKey());
    const plain = Buffer.from('%PDF-1.4 payslip of Aisyah binti Ahmad, RM4,200');
    const sealed = sealer.seal(plain);
    expect(sealed.includes(Buffer.from('Aisyah'))).toBe(false);
    expect(sealer.open(sealed).equals(plain)).toBe(true);
    expect(sealer.seal(plain).equals(sealed)).toBe(false); // a fresh IV each time
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1]! ^= 1;
    expect(() => sealer.open(tampered)).toThrow();
    expect(() => createSealer(generateDataKey()).open(sealed)).toThrow();
    expect(sealer.openText(sealer.sealText('900101145567'))).toBe('900101145567');
  });

  it('tells PDF, JPEG and PNG from their first bytes only', () => {
    expect(sniffDocument(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffDocument(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffDocument(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffDocument(Buffer.from('<svg/>'))).toBeNull();
  });
});
