import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** What a sealed blob starts with: the format's name and version, so a later scheme can tell its own files apart. */
const MAGIC = Buffer.from('KPF1');
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A fresh 256-bit key as 64 hex characters (what PRIVATE_DATA_KEY holds). */
export const generateDataKey = () => randomBytes(32).toString('hex');

/**
 * AES-256-GCM for personal data at rest (documents, IC photos, NRIC numbers): a random IV per file, the tag
 * authenticates it, so a file changed in the store fails to open instead of yielding altered bytes.
 */
export function createSealer(hexKey: string) {
  const key = Buffer.from(hexKey, 'hex');
  if (key.length !== 32) throw new Error('the private data key must be 32 bytes (64 hex characters)');
  const seal = (plain: Buffer): Buffer => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
  };
  const open = (sealed: Buffer): Buffer => {
    if (!sealed.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not a sealed private file');
    const iv = sealed.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
    const tag = sealed.subarray(MAGIC.length + IV_BYTES, MAGIC.length + IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed.subarray(MAGIC.length + IV_BYTES + TAG_BYTES)), decipher.final()]);
  };
  return {
    seal,
    open,
    sealText: (text: string) => seal(Buffer.from(text, 'utf8')).toString('base64'),
    openText: (sealed: string) => open(Buffer.from(sealed, 'base64')).toString('utf8'),
  };
}
export type Sealer = ReturnType<typeof createSealer>;

/** The file's real type from its first bytes: a PDF, JPEG or PNG, or null (the declared type is never trusted). */
export function sniffDocument(bytes: Buffer): 'application/pdf' | 'image/jpeg' | 'image/png' | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return null;
}
