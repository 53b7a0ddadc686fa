/**
 * Checks that a file is a video container we can publish, from its structure rather than its first bytes:
 *
 * - MP4 / MOV / 3GP (ISO base media): top-level boxes that tile the file exactly, an `ftyp` first whose brand is a
 *   video one, media data (`mdat`), and a `moov` (at the start or the end) with a track whose handler is `vide` and
 *   that can be played: its sample table describes a picture format with a size (`stsd`) and holds pictures (`stsz`
 *   counts some, or the file is fragmented: `mvex` in the `moov`, `moof` boxes after it).
 * - WebM (Matroska's web profile): an EBML header whose DocType is `webm`, then a Segment whose Tracks hold a
 *   video track (TrackType 1) and that has a Cluster (where the frames are).
 *
 * Pure and synchronous: it only walks box and element headers, never decodes media.
 */

export type VideoContainer = 'mp4' | 'mov' | 'webm';
export type VideoCheck = { ok: true; container: VideoContainer } | { ok: false; reason: string };

/** Brands of files that carry video (ISO, Apple, 3GPP, DASH); image (heic, avif, mif1) and audio-only (M4A) brands are not here. */
const VIDEO_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'hvc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'qt  ',
  'mmp4',
  'MSNV',
  'dash',
  'f4v ',
]);
const isVideoBrand = (brand: string) => VIDEO_BRANDS.has(brand) || /^3g[p2][0-9a-z]$/.test(brand);

const refuse = (reason: string): VideoCheck => ({ ok: false, reason });

export function checkVideo(bytes: Uint8Array): VideoCheck {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.length >= 4 && data.readUInt32BE(0) === EBML) return checkWebm(data);
  if (data.length >= 8 && data.toString('latin1', 4, 8) === 'ftyp') return checkIsoMedia(data);
  return refuse('not a video container');
}

// ISO base media (MP4, MOV, 3GP)

interface Box {
  type: string;
  /** Where the payload starts and where the box ends. */
  start: number;
  end: number;
}

/** The boxes laid end to end in data[from, to); null when a size does not fit (a damaged or truncated file). */
function boxes(data: Buffer, from: number, to: number, topLevel: boolean): Box[] | null {
  const found: Box[] = [];
  let offset = from;
  while (offset < to) {
    if (to - offset < 8) return null;
    let size = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (size === 1) {
      if (to - offset < 16) return null;
      const large = data.readBigUInt64BE(offset + 8);
      if (large > BigInt(to - offset)) return null;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      // "Extends to the end of the file": only the last top-level box may say so.
      if (!topLevel) return null;
      size = to - offset;
    }
    if (size < header || offset + size > to) return null;
    found.push({ type, start: offset + header, end: offset + size });
    offset += size;
  }
  return found;
}

function children(data: Buffer, parent: Box): Box[] | null {
  return boxes(data, parent.start, parent.end, false);
}

const child = (data: Buffer, parent: Box | undefined, type: string) => (parent ? children(data, parent)?.find((b) => b.type === type) : undefined);

/**
 * Whether a `vide` track can be played: a visual sample entry (ISO VisualSampleEntry, QuickTime's video sample
 * description: the same layout) with a width and height, and pictures, counted in `stsz`/`stz2` or, in a fragmented
 * file, in the fragments.
 */
function playable(data: Buffer, minf: Box | undefined, fragmented: boolean): 'ok' | 'no picture format' | 'no pictures' {
  const stbl = child(data, minf, 'stbl');
  const stsd = child(data, stbl, 'stsd');
  // stsd: version and flags (4), entry count (4), then the entries as boxes.
  const entries = stsd && stsd.end - stsd.start >= 8 ? boxes(data, stsd.start + 8, stsd.end, false) : null;
  // A visual entry: reserved (6), data reference index (2), 16 bytes, then width and height (2 each) at 24 and 26.
  const picture = entries?.find((e) => e.end - e.start >= 78 && data.readUInt16BE(e.start + 24) > 0 && data.readUInt16BE(e.start + 26) > 0);
  if (!picture) return 'no picture format';
  if (fragmented) return 'ok';
  // stsz: version and flags (4), a size for every sample or 0 (4), the sample count (4); stz2 has its count there too.
  const sizes = child(data, stbl, 'stsz') ?? child(data, stbl, 'stz2');
  return sizes && sizes.end - sizes.start >= 12 && data.readUInt32BE(sizes.start + 8) > 0 ? 'ok' : 'no pictures';
}

/** The first refusal of the `moov`'s tracks, or 'ok' when one of them is a video that can be played; null when damaged. */
function videoTrack(data: Buffer, moov: Box, hasFragments: boolean): 'ok' | 'no video track' | 'no picture format' | 'no pictures' | null {
  const inMoov = children(data, moov);
  if (!inMoov) return null;
  const fragmented = hasFragments && inMoov.some((b) => b.type === 'mvex');
  let verdict: 'no video track' | 'no picture format' | 'no pictures' = 'no video track';
  for (const trak of inMoov.filter((b) => b.type === 'trak')) {
    const mdia = child(data, trak, 'mdia');
    const inMdia = mdia ? children(data, mdia) : null;
    if (!inMdia) continue;
    const hdlr = inMdia.find((b) => b.type === 'hdlr');
    // hdlr: version and flags (4 bytes), pre_defined / QuickTime's component type (4), then the handler type.
    if (!hdlr || hdlr.end - hdlr.start < 12 || data.toString('latin1', hdlr.start + 8, hdlr.start + 12) !== 'vide') continue;
    const found = playable(
      data,
      inMdia.find((b) => b.type === 'minf'),
      fragmented,
    );
    if (found === 'ok') return 'ok';
    verdict = found;
  }
  return verdict;
}

function checkIsoMedia(data: Buffer): VideoCheck {
  const top = boxes(data, 0, data.length, true);
  if (!top) return refuse('box sizes do not match the file');
  const ftyp = top[0]!;
  if (ftyp.end - ftyp.start < 8 || (ftyp.end - ftyp.start) % 4 !== 0) return refuse('malformed ftyp');
  const major = data.toString('latin1', ftyp.start, ftyp.start + 4);
  const compatible: string[] = [];
  for (let at = ftyp.start + 8; at + 4 <= ftyp.end; at += 4) compatible.push(data.toString('latin1', at, at + 4));
  if (!isVideoBrand(major) && !compatible.some(isVideoBrand)) return refuse(`not a video brand: ${major}`);
  const moovs = top.filter((b) => b.type === 'moov');
  if (moovs.length !== 1) return refuse(moovs.length ? 'more than one moov' : 'no moov');
  if (!top.some((b) => b.type === 'mdat')) return refuse('no media data');
  const video = videoTrack(
    data,
    moovs[0]!,
    top.some((b) => b.type === 'moof'),
  );
  if (video === null) return refuse('damaged moov');
  if (video !== 'ok') return refuse(video);
  return { ok: true, container: major === 'qt  ' ? 'mov' : 'mp4' };
}

// WebM (EBML)

const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const CLUSTER = 0x1f43b675;
const VIDEO_TRACK = 1;

interface Element {
  id: number;
  start: number;
  /** null for an unknown size (live recordings): it runs to the end of its parent. */
  end: number | null;
}

/** A variable-length integer: its length from the leading zero bits, with or without the marker bit. */
function vint(data: Buffer, offset: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | null {
  const first = data[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (offset + length > data.length || length > 8) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = data[offset + i]!;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function element(data: Buffer, offset: number, limit: number): Element | null {
  const id = vint(data, offset, true);
  if (!id || id.length > 4) return null;
  const size = vint(data, offset + id.length, false);
  if (!size) return null;
  const start = offset + id.length + size.length;
  if (size.unknown) return { id: id.value, start, end: null };
  const end = start + size.value;
  return end > limit ? null : { id: id.value, start, end };
}

/** The children of [from, to) with known sizes; stops (not fails) at an element of unknown size. */
function elements(data: Buffer, from: number, to: number): Element[] | null {
  const found: Element[] = [];
  for (let offset = from; offset < to;) {
    const child = element(data, offset, to);
    if (!child) return null;
    found.push(child);
    if (child.end === null) break;
    offset = child.end;
  }
  return found;
}

function readUint(data: Buffer, e: Element): number {
  let value = 0;
  for (let i = e.start; i < e.end!; i++) value = value * 256 + data[i]!;
  return value;
}

function checkWebm(data: Buffer): VideoCheck {
  const header = element(data, 0, data.length);
  if (!header || header.end === null) return refuse('damaged EBML header');
  const docType = elements(data, header.start, header.end)?.find((e) => e.id === DOC_TYPE);
  if (!docType) return refuse('no DocType');
  if (data.toString('latin1', docType.start, docType.end!).replace(/\0+$/, '') !== 'webm') return refuse('not WebM');
  const segment = element(data, header.end, data.length);
  if (!segment || segment.id !== SEGMENT) return refuse('no Segment');
  const segmentEnd = segment.end ?? data.length;
  const inSegment = elements(data, segment.start, segmentEnd);
  if (!inSegment) return refuse('element sizes do not match the file');
  const tracks = inSegment.find((e) => e.id === TRACKS);
  if (!tracks || tracks.end === null) return refuse('no Tracks');
  const entries = elements(data, tracks.start, tracks.end);
  if (!entries) return refuse('damaged Tracks');
  const video = entries.some((entry) => {
    if (entry.id !== TRACK_ENTRY || entry.end === null) return false;
    const type = elements(data, entry.start, entry.end)?.find((e) => e.id === TRACK_TYPE && e.end !== null);
    return type !== undefined && readUint(data, type) === VIDEO_TRACK;
  });
  if (!video) return refuse('no video track');
  // The frames are in Clusters: a file with tracks and none has nothing to play.
  if (!inSegment.some((e) => e.id === CLUSTER)) return refuse('no pictures');
  return { ok: true, container: 'webm' };
}
