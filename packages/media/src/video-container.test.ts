import { describe, expect, it } from 'vitest';
import { box, ebml, ftyp, moov, tinyMp4, tinyWebm, trak } from './test-videos.ts';
import { checkVideo } from './video-container.ts';

const mdat = box('mdat', Buffer.alloc(64, 1));

describe('checkVideo: ISO base media (MP4, MOV, 3GP)', () => {
  it('takes a minimal MP4 with its moov at the start or at the end', () => {
    expect(checkVideo(tinyMp4())).toEqual({ ok: true, container: 'mp4' });
    expect(checkVideo(tinyMp4({ moovLast: true }))).toEqual({ ok: true, container: 'mp4' });
  });

  it('takes the common brands, and tells MOV apart', () => {
    for (const brand of ['mp42', 'mp41', 'iso2', 'avc1', 'M4V ', '3gp5', '3g2a'])
      expect(checkVideo(tinyMp4({ brand })), brand).toEqual({ ok: true, container: 'mp4' });
    expect(checkVideo(tinyMp4({ brand: 'qt  ' }))).toEqual({ ok: true, container: 'mov' });
  });

  it('takes a last box whose size is 0 (to the end of the file) and a 64-bit box size', () => {
    const open = box('mdat', Buffer.alloc(100, 2));
    open.writeUInt32BE(0, 0);
    expect(checkVideo(Buffer.concat([ftyp(), moov(trak()), open]))).toMatchObject({ ok: true });
    const large = Buffer.alloc(16 + 40, 5);
    large.writeUInt32BE(1, 0);
    large.write('mdat', 4, 'latin1');
    large.writeBigUInt64BE(56n, 8);
    expect(checkVideo(Buffer.concat([ftyp(), moov(trak()), large]))).toMatchObject({ ok: true });
  });

  it('refuses the old sniff-only fake: ftyp followed by zeros', () => {
    const fake = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(4000, 0)]);
    expect(checkVideo(fake)).toMatchObject({ ok: false });
  });

  it('refuses a file without moov, without a video track, or without media data', () => {
    expect(checkVideo(Buffer.concat([ftyp(), mdat]))).toEqual({ ok: false, reason: 'no moov' });
    expect(checkVideo(Buffer.concat([ftyp(), moov(trak('soun')), mdat]))).toEqual({ ok: false, reason: 'no video track' });
    expect(checkVideo(Buffer.concat([ftyp(), moov(trak())]))).toEqual({ ok: false, reason: 'no media data' });
    expect(checkVideo(Buffer.concat([ftyp(), moov(trak()), moov(trak()), mdat]))).toEqual({ ok: false, reason: 'more than one moov' });
  });

  it('refuses a video track that cannot be played: no sample table, no picture format, or no pictures', () => {
    // The old minimal MP4: a `vide` handler and placeholder bytes, nothing a player could decode.
    expect(checkVideo(tinyMp4({ table: 'none' }))).toEqual({ ok: false, reason: 'no picture format' });
    expect(checkVideo(tinyMp4({ table: 'none', moovLast: true, brand: 'mp42' }))).toEqual({ ok: false, reason: 'no picture format' });
    expect(checkVideo(tinyMp4({ table: 'noPictures' }))).toEqual({ ok: false, reason: 'no pictures' });
    // A `vide` track whose sample description is sound's (no width and height).
    const soundEntry = trak('soun');
    const disguised = Buffer.from(soundEntry);
    disguised.write('vide', soundEntry.indexOf('soun'), 'latin1');
    expect(checkVideo(Buffer.concat([ftyp(), moov(disguised), mdat]))).toEqual({ ok: false, reason: 'no picture format' });
  });

  it('takes a fragmented MP4, whose pictures are in the fragments after the moov', () => {
    const fragmented = moov(trak('vide', { table: 'noPictures' }), box('mvex', box('trex', Buffer.alloc(24))));
    const moof = box('moof', box('mfhd', Buffer.alloc(8)));
    expect(checkVideo(Buffer.concat([ftyp('iso5', ['iso5', 'iso6', 'mp41']), fragmented, moof, mdat]))).toEqual({ ok: true, container: 'mp4' });
    // Without a fragment there is nothing to play.
    expect(checkVideo(Buffer.concat([ftyp('iso5', ['iso5']), fragmented, mdat]))).toEqual({ ok: false, reason: 'no pictures' });
  });

  it('the tiny MP4 is a real H.264 picture: its sample table points at a length-prefixed IDR slice in mdat', () => {
    const file = tinyMp4({ brand: 'mp42' });
    const stco = file.indexOf('stco');
    const offset = file.readUInt32BE(stco + 12);
    const stsz = file.indexOf('stsz');
    const size = file.readUInt32BE(stsz + 16);
    expect(file.toString('latin1', offset - 4, offset)).toBe('mdat');
    expect(offset + size).toBe(file.length);
    expect(file.readUInt32BE(offset)).toBe(size - 4);
    expect(file[offset + 4]).toBe(0x65); // nal_unit_type 5: an IDR slice
    const avcC = file.indexOf('avcC');
    expect([...file.subarray(avcC + 4, avcC + 10)]).toEqual([1, 66, 0xc0, 30, 0xff, 0xe1]);
  });

  it('a sound track next to the picture is fine', () => {
    expect(checkVideo(Buffer.concat([ftyp('mp42'), moov(trak('soun'), trak('vide')), mdat]))).toMatchObject({ ok: true });
  });

  it('refuses pictures and sound in the same family of files (HEIC, AVIF, M4A)', () => {
    expect(checkVideo(Buffer.concat([ftyp('heic', ['mif1', 'heic']), box('meta', Buffer.alloc(32)), mdat]))).toMatchObject({ ok: false });
    expect(checkVideo(Buffer.concat([ftyp('avif', ['avif', 'mif1', 'miaf']), moov(trak()), mdat]))).toMatchObject({
      ok: false,
      reason: 'not a video brand: avif',
    });
    expect(checkVideo(Buffer.concat([ftyp('M4A ', ['M4A ']), moov(trak('soun')), mdat]))).toMatchObject({ ok: false });
  });

  it('refuses sizes that do not match the file: truncated, overlong, trailing bytes, a child overrunning its box', () => {
    const good = tinyMp4();
    expect(checkVideo(good.subarray(0, good.length - 10))).toEqual({ ok: false, reason: 'box sizes do not match the file' });
    expect(checkVideo(Buffer.concat([good, Buffer.from('junk')]))).toEqual({ ok: false, reason: 'box sizes do not match the file' });
    const tooSmall = Buffer.from(good);
    tooSmall.writeUInt32BE(4, ftyp().length); // moov claims 4 bytes: less than its own header
    expect(checkVideo(tooSmall)).toMatchObject({ ok: false });
    const overrun = moov(trak());
    overrun.writeUInt32BE(10_000, 8 + 108); // the trak (after the 108-byte mvhd) claims more than the moov holds
    expect(checkVideo(Buffer.concat([ftyp(), overrun, mdat]))).toEqual({ ok: false, reason: 'damaged moov' });
  });

  it('refuses text, images and empty files', () => {
    expect(checkVideo(Buffer.from('this is not a video, just text pretending'))).toEqual({ ok: false, reason: 'not a video container' });
    expect(checkVideo(Buffer.alloc(0))).toMatchObject({ ok: false });
    expect(checkVideo(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]))).toMatchObject({ ok: false });
  });
});

describe('checkVideo: WebM', () => {
  it('takes a WebM with a video track, as a browser records it (unknown sizes) or as a file is muxed', () => {
    expect(checkVideo(tinyWebm())).toEqual({ ok: true, container: 'webm' });
    expect(checkVideo(tinyWebm({ unknownSizes: false }))).toEqual({ ok: true, container: 'webm' });
  });

  it('refuses Matroska that is not WebM, audio-only WebM, and a header alone', () => {
    expect(checkVideo(tinyWebm({ docType: 'matroska' }))).toEqual({ ok: false, reason: 'not WebM' });
    expect(checkVideo(tinyWebm({ trackType: 2 }))).toEqual({ ok: false, reason: 'no video track' });
    expect(checkVideo(ebml(0x1a45dfa3, ebml(0x4282, Buffer.from('webm'))))).toEqual({ ok: false, reason: 'no Segment' });
  });

  it('refuses a WebM with a video track but no Cluster: no frames to play', () => {
    expect(checkVideo(tinyWebm({ cluster: false }))).toEqual({ ok: false, reason: 'no pictures' });
    expect(checkVideo(tinyWebm({ cluster: false, unknownSizes: false }))).toEqual({ ok: false, reason: 'no pictures' });
  });

  it('refuses a truncated WebM whose elements run past the end', () => {
    const whole = tinyWebm({ unknownSizes: false });
    expect(checkVideo(whole.subarray(0, whole.length - 100))).toMatchObject({ ok: false });
    expect(checkVideo(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f]))).toEqual({ ok: false, reason: 'damaged EBML header' });
  });
});
