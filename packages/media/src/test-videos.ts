/**
 * Tiny video files built box by box, for tests: structurally what a camera or browser writes (an `ftyp`, a `moov`
 * with one track, `mdat`; or WebM's EBML header, Segment, Tracks and a Cluster), with placeholder media data.
 */

/** An ISO base media box: 32-bit size, four-character type, payload. */
export function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

const zeros = (n: number) => Buffer.alloc(n);
const text = (value: string) => Buffer.from(value, 'latin1');

export function ftyp(major = 'isom', compatible = ['isom', 'iso2', 'avc1', 'mp41']): Buffer {
  return box('ftyp', text(major), zeros(4), ...compatible.map(text));
}

/** A track whose media handler is `handler` ('vide' for video, 'soun' for audio). */
export function trak(handler = 'vide'): Buffer {
  const hdlr = box('hdlr', zeros(4), zeros(4), text(handler), zeros(12), text('Handler\0'));
  return box('trak', box('tkhd', zeros(84)), box('mdia', box('mdhd', zeros(24)), hdlr, box('minf', box('vmhd', zeros(12)))));
}

export function moov(...tracks: Buffer[]): Buffer {
  return box('moov', box('mvhd', zeros(100)), ...tracks);
}

/** A minimal MP4: ftyp, moov with one video track, mdat (moov first, as "fast start" files have it). */
export function tinyMp4(options: { brand?: string; moovLast?: boolean; mediaBytes?: number } = {}): Buffer {
  const { brand = 'isom', moovLast = false, mediaBytes = 2048 } = options;
  const mdat = box('mdat', Buffer.alloc(mediaBytes, 7));
  const head = ftyp(brand, brand === 'qt  ' ? ['qt  '] : undefined);
  return Buffer.concat(moovLast ? [head, mdat, moov(trak())] : [head, moov(trak()), mdat]);
}

// WebM

function vintSize(size: number): Buffer {
  // 8-byte size field: 0x01 then 7 bytes of value.
  const bytes = Buffer.alloc(8);
  bytes[0] = 0x01;
  let value = size;
  for (let i = 7; i >= 1; i--) {
    bytes[i] = value & 0xff;
    value = Math.floor(value / 256);
  }
  return bytes;
}

/** An EBML element: its id (marker bits included), its size, its payload; `unknownSize` as live recordings write. */
export function ebml(id: number, payload: Buffer, unknownSize = false): Buffer {
  const idBytes: number[] = [];
  for (let value = id; value > 0; value = Math.floor(value / 256)) idBytes.unshift(value & 0xff);
  const size = unknownSize ? Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]) : vintSize(payload.length);
  return Buffer.concat([Buffer.from(idBytes), size, payload]);
}

/** A minimal WebM: EBML header (DocType `docType`), a Segment with Info, Tracks (one track of `trackType`) and a Cluster. */
export function tinyWebm(options: { docType?: string; trackType?: number; unknownSizes?: boolean } = {}): Buffer {
  const { docType = 'webm', trackType = 1, unknownSizes = true } = options;
  const header = ebml(0x1a45dfa3, Buffer.concat([ebml(0x4286, Buffer.from([1])), ebml(0x4282, text(docType))]));
  const info = ebml(0x1549a966, ebml(0x2ad7b1, Buffer.from([0x0f, 0x42, 0x40])));
  const entry = ebml(0xae, Buffer.concat([ebml(0xd7, Buffer.from([1])), ebml(0x83, Buffer.from([trackType])), ebml(0x86, text('V_VP8'))]));
  const tracks = ebml(0x1654ae6b, entry);
  const cluster = ebml(0x1f43b675, Buffer.concat([ebml(0xe7, Buffer.from([0])), ebml(0xa3, Buffer.alloc(512, 3))]), unknownSizes);
  return Buffer.concat([header, ebml(0x18538067, Buffer.concat([info, tracks, cluster]), unknownSizes)]);
}
