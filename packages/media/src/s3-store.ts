import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { assertKey, type MediaStore } from './store.ts';

export interface S3Options {
  /** e.g. https://s3.ap-southeast-1.amazonaws.com, or any S3-compatible service. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (most S3-compatible services) rather than in the host name. */
  forcePathStyle: boolean;
}

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/**
 * Media on an S3-compatible object store, signed with AWS Signature V4. Uploads go from the browser straight to
 * the bucket through presigned PUT URLs; the API reads what arrived from there.
 */
export class S3Store implements MediaStore {
  private readonly aws: AwsClient;
  private readonly base: string;

  constructor(options: S3Options) {
    this.aws = new AwsClient({ accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey, region: options.region, service: 's3' });
    const endpoint = new URL(options.endpoint);
    this.base = options.forcePathStyle ? `${endpoint.origin}/${options.bucket}` : `${endpoint.protocol}//${options.bucket}.${endpoint.host}`;
  }

  private url(key: string): string {
    assertKey(key);
    return `${this.base}/${encodeKey(key)}`;
  }

  private async check(response: Response, what: string): Promise<Response> {
    if (!response.ok) throw new Error(`S3 ${what}: ${response.status} ${(await response.text()).slice(0, 200)}`);
    return response;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.check(await this.aws.fetch(this.url(key), { method: 'PUT', body, headers: { 'content-type': contentType } }), `put ${key}`);
  }

  async get(key: string): Promise<{ body: Readable; size: number } | null> {
    const response = await this.aws.fetch(this.url(key));
    if (response.status === 404) return null;
    await this.check(response, `get ${key}`);
    return { body: Readable.fromWeb(response.body as WebReadableStream), size: Number(response.headers.get('content-length') ?? 0) };
  }

  async size(key: string): Promise<number | null> {
    const response = await this.aws.fetch(this.url(key), { method: 'HEAD' });
    if (response.status === 404) return null;
    await this.check(response, `head ${key}`);
    return Number(response.headers.get('content-length') ?? 0);
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  /** Deletes every object under a prefix (the key itself included), a page of 1,000 at a time. */
  async removePrefix(prefix: string): Promise<void> {
    assertKey(prefix);
    let token: string | undefined;
    do {
      const list = new URL(`${this.base}/`);
      list.searchParams.set('list-type', '2');
      list.searchParams.set('prefix', prefix);
      if (token) list.searchParams.set('continuation-token', token);
      const xml = await (await this.check(await this.aws.fetch(list.toString()), `list ${prefix}`)).text();
      const keys = [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => decodeXml(m[1]!));
      for (const key of keys) {
        if (key !== prefix && !key.startsWith(`${prefix}/`)) continue;
        const response = await this.aws.fetch(this.url(key), { method: 'DELETE' });
        if (response.status !== 404) await this.check(response, `delete ${key}`);
      }
      token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
        ? decodeXml(/<NextContinuationToken>([^<]+)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '')
        : undefined;
    } while (token);
  }

  /** A URL the browser PUTs one file to, valid for `seconds`, without any credentials of its own. */
  async presignPut(key: string, seconds: number): Promise<string> {
    const url = new URL(this.url(key));
    url.searchParams.set('X-Amz-Expires', String(seconds));
    const signed = await this.aws.sign(url.toString(), { method: 'PUT', aws: { signQuery: true } });
    return signed.url;
  }
}

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}
