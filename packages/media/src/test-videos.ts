/**
 * Tiny video files built box by box, for tests and journeys: what a camera or browser writes. The MP4 holds one real
 * H.264 picture (Constrained Baseline, I_PCM macroblocks: raw pixels, no encoder needed) with its sample table, so a
 * player with an H.264 decoder shows it; the WebM has WebM's EBML header, Segment, Tracks and a Cluster.
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
const u16 = (...values: number[]) => Buffer.concat(values.map((v) => Buffer.from([(v >> 8) & 0xff, v & 0xff])));
const u32 = (...values: number[]) =>
  Buffer.concat(
    values.map((v) => {
      const b = Buffer.alloc(4);
      b.writeUInt32BE(v >>> 0);
      return b;
    }),
  );
/** A full box's version and flags. */
const fullBox = (flags = 0) => u32(flags);
/** The identity matrix of mvhd and tkhd (16.16 and 2.30 fixed point). */
const MATRIX = u32(0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000);

export function ftyp(major = 'isom', compatible = ['isom', 'iso2', 'avc1', 'mp41']): Buffer {
  return box('ftyp', text(major), zeros(4), ...compatible.map(text));
}

// H.264: one IDR picture of I_PCM macroblocks.

/** Bits of a NAL unit's payload, most significant first, with Exp-Golomb codes. */
class BitWriter {
  private readonly bits: number[] = [];
  u(count: number, value: number): this {
    for (let i = count - 1; i >= 0; i--) this.bits.push(Math.floor(value / 2 ** i) % 2);
    return this;
  }
  ue(value: number): this {
    const length = Math.floor(Math.log2(value + 1));
    return this.u(length, 0).u(length + 1, value + 1);
  }
  se(value: number): this {
    return this.ue(value <= 0 ? -2 * value : 2 * value - 1);
  }
  align(): this {
    while (this.bits.length % 8) this.bits.push(0);
    return this;
  }
  /** rbsp_trailing_bits: a one, then zeros to the byte. */
  trailing(): this {
    this.bits.push(1);
    return this.align();
  }
  bytes(): Buffer {
    const out = Buffer.alloc(this.bits.length / 8);
    this.bits.forEach((bit, i) => (out[i >> 3] = out[i >> 3]! | (bit << (7 - (i % 8)))));
    return out;
  }
}

/** A NAL unit: its header byte, then the payload with emulation prevention (00 00 0x becomes 00 00 03 0x for x <= 3). */
function nal(header: number, rbsp: Buffer): Buffer {
  const out = [header];
  let zeros = 0;
  for (const byte of rbsp) {
    if (zeros >= 2 && byte <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(byte);
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return Buffer.from(out);
}

const PROFILE_BASELINE = 66;
/** constraint_set0 and constraint_set1: Constrained Baseline, which every H.264 decoder plays. */
const CONSTRAINTS = 0xc0;
const LEVEL = 30;

/** SPS, PPS and one IDR slice of `width` x `height` pixels (multiples of 16), every macroblock I_PCM in `shade`. */
function h264Picture(width: number, height: number, shade: number) {
  const sps = nal(
    0x67,
    new BitWriter()
      .u(8, PROFILE_BASELINE)
      .u(8, CONSTRAINTS)
      .u(8, LEVEL)
      .ue(0) // seq_parameter_set_id
      .ue(0) // log2_max_frame_num_minus4
      .ue(2) // pic_order_cnt_type
      .ue(1) // max_num_ref_frames
      .u(1, 0) // gaps_in_frame_num_value_allowed_flag
      .ue(width / 16 - 1)
      .ue(height / 16 - 1)
      .u(1, 1) // frame_mbs_only_flag
      .u(1, 1) // direct_8x8_inference_flag
      .u(1, 0) // frame_cropping_flag
      .u(1, 0) // vui_parameters_present_flag
      .trailing()
      .bytes(),
  );
  const pps = nal(
    0x68,
    new BitWriter()
      .ue(0) // pic_parameter_set_id
      .ue(0) // seq_parameter_set_id
      .u(1, 0) // entropy_coding_mode_flag: CAVLC
      .u(1, 0) // bottom_field_pic_order_in_frame_present_flag
      .ue(0) // num_slice_groups_minus1
      .ue(0) // num_ref_idx_l0_default_active_minus1
      .ue(0) // num_ref_idx_l1_default_active_minus1
      .u(1, 0) // weighted_pred_flag
      .u(2, 0) // weighted_bipred_idc
      .se(0) // pic_init_qp_minus26
      .se(0) // pic_init_qs_minus26
      .se(0) // chroma_qp_index_offset
      .u(1, 1) // deblocking_filter_control_present_flag
      .u(1, 0) // constrained_intra_pred_flag
      .u(1, 0) // redundant_pic_cnt_present_flag
      .trailing()
      .bytes(),
  );
  const slice = new BitWriter()
    .ue(0) // first_mb_in_slice
    .ue(7) // slice_type: I, as every slice of the picture
    .ue(0) // pic_parameter_set_id
    .u(4, 0) // frame_num
    .ue(0) // idr_pic_id
    .u(1, 0) // no_output_of_prior_pics_flag
    .u(1, 0) // long_term_reference_flag
    .se(0) // slice_qp_delta
    .ue(1); // disable_deblocking_filter_idc
  const luma = Math.round(16 + (shade % 220));
  for (let mb = 0; mb < (width / 16) * (height / 16); mb++) {
    slice.ue(25).align(); // mb_type I_PCM, then pcm_alignment_zero_bits
    for (let i = 0; i < 256; i++) slice.u(8, luma);
    for (let i = 0; i < 128; i++) slice.u(8, 128);
  }
  const idr = nal(0x65, slice.trailing().bytes());
  return { sps, pps, idr };
}

// MP4

/** How a test track is laid out: a whole sample table, one without pictures (`stsz` counts none), or none at all. */
export type TrackTable = 'whole' | 'noPictures' | 'none';

interface TrackOptions {
  table?: TrackTable;
  width?: number;
  height?: number;
  /**
   * The picture's bytes in the file (a 4-byte length, then the IDR slice) and where they start; a track built
   * alone (to assemble a file by hand) says 64 bytes at the start of the file.
   */
  sample?: { bytes: number; offset: number };
  avcC?: Buffer;
}

/** A track whose media handler is `handler` ('vide' for video, 'soun' for sound, which here holds no samples). */
export function trak(handler = 'vide', options: TrackOptions = {}): Buffer {
  const { table = 'whole', width = 32, height = 48, sample = { bytes: 64, offset: 0 } } = options;
  const video = handler === 'vide';
  const tkhd = box(
    'tkhd',
    fullBox(3),
    u32(0, 0, 1, 0, 1000),
    zeros(8),
    u16(0, 0, video ? 0 : 0x100, 0),
    MATRIX,
    u32(video ? width * 0x10000 : 0, video ? height * 0x10000 : 0),
  );
  const mdhd = box('mdhd', fullBox(), u32(0, 0, 1000, 1000), u16(0x55c4, 0));
  const hdlr = box('hdlr', fullBox(), zeros(4), text(handler), zeros(12), text(video ? 'VideoHandler\0' : 'SoundHandler\0'));
  const header = video ? box('vmhd', fullBox(1), zeros(8)) : box('smhd', fullBox(), zeros(4));
  const dinf = box('dinf', box('dref', fullBox(), u32(1), box('url ', fullBox(1))));
  const entry = video
    ? box(
        'avc1',
        zeros(6),
        u16(1), // data_reference_index
        zeros(16),
        u16(width, height),
        u32(0x480000, 0x480000, 0), // 72 dpi, reserved
        u16(1), // frame_count
        zeros(32), // compressorname
        u16(0x18, 0xffff),
        options.avcC ?? box('avcC', Buffer.from([1, PROFILE_BASELINE, CONSTRAINTS, LEVEL, 0xff, 0xe0])),
      )
    : box('mp4a', zeros(6), u16(1), zeros(8), u16(2, 16, 0, 0), u32(44100 * 0x10000));
  const pictures = video && table === 'whole' && sample.bytes > 0;
  const stbl = box(
    'stbl',
    box('stsd', fullBox(), u32(1), entry),
    box('stts', fullBox(), ...(pictures ? [u32(1, 1, 1000)] : [u32(0)])),
    box('stsc', fullBox(), ...(pictures ? [u32(1, 1, 1, 1)] : [u32(0)])),
    box('stsz', fullBox(), ...(pictures ? [u32(0, 1, sample.bytes)] : [u32(0, 0)])),
    box('stco', fullBox(), ...(pictures ? [u32(1, sample.offset)] : [u32(0)])),
  );
  const minf = box('minf', header, dinf, ...(table === 'none' ? [] : [stbl]));
  return box('trak', tkhd, box('mdia', mdhd, hdlr, minf));
}

export function moov(...tracks: Buffer[]): Buffer {
  const mvhd = box('mvhd', fullBox(), u32(0, 0, 1000, 1000, 0x10000), u16(0x100), zeros(10), MATRIX, zeros(24), u32(tracks.length + 1));
  return box('moov', mvhd, ...tracks);
}

/**
 * A tiny MP4 that plays: ftyp, moov with one video track (one 32 x 48 H.264 picture shown for a second), mdat (moov
 * first, as "fast start" files have it, or last as cameras write). `table` leaves the track without pictures or sample
 * table, as files that only look like a video have it.
 */
export function tinyMp4(options: { brand?: string; moovLast?: boolean; shade?: number; table?: TrackTable } = {}): Buffer {
  const { brand = 'isom', moovLast = false, shade = 90, table = 'whole' } = options;
  const width = 32;
  const height = 48;
  const { sps, pps, idr } = h264Picture(width, height, shade);
  const avcC = box(
    'avcC',
    Buffer.from([1, PROFILE_BASELINE, CONSTRAINTS, LEVEL, 0xff, 0xe1]),
    u16(sps.length),
    sps,
    Buffer.from([1]),
    u16(pps.length),
    pps,
  );
  const sampleData = Buffer.concat([u32(idr.length), idr]);
  const mdat = box('mdat', sampleData);
  const head = ftyp(brand, brand === 'qt  ' ? ['qt  '] : undefined);
  // The moov's size does not depend on the offset it records: built once to measure, once with the offset.
  const build = (offset: number) => moov(trak('vide', { table, width, height, avcC, sample: { bytes: sampleData.length, offset } }));
  const offset = (moovLast ? head.length : head.length + build(0).length) + 8;
  return Buffer.concat(moovLast ? [head, mdat, build(offset)] : [head, build(offset), mdat]);
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

/**
 * A minimal WebM: EBML header (DocType `docType`), a Segment with Info, Tracks (one track of `trackType`) and a
 * Cluster (left out with `cluster: false`, as a file with no frames).
 */
export function tinyWebm(options: { docType?: string; trackType?: number; unknownSizes?: boolean; cluster?: boolean } = {}): Buffer {
  const { docType = 'webm', trackType = 1, unknownSizes = true, cluster: withCluster = true } = options;
  const header = ebml(0x1a45dfa3, Buffer.concat([ebml(0x4286, Buffer.from([1])), ebml(0x4282, text(docType))]));
  const info = ebml(0x1549a966, ebml(0x2ad7b1, Buffer.from([0x0f, 0x42, 0x40])));
  const entry = ebml(0xae, Buffer.concat([ebml(0xd7, Buffer.from([1])), ebml(0x83, Buffer.from([trackType])), ebml(0x86, text('V_VP8'))]));
  const tracks = ebml(0x1654ae6b, entry);
  const cluster = ebml(0x1f43b675, Buffer.concat([ebml(0xe7, Buffer.from([0])), ebml(0xa3, Buffer.alloc(512, 3))]), unknownSizes);
  return Buffer.concat([header, ebml(0x18538067, Buffer.concat([info, tracks, ...(withCluster ? [cluster] : [])]), unknownSizes)]);
}
