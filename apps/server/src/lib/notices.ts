import type { NoticeChannel } from '@kunci/contracts/notifications';
import type { Database } from '@kunci/db/client';
import type { Language } from '@kunci/i18n/locales';
import type { MessageKey } from '@kunci/i18n/messages';
import type { MessageValues } from '@kunci/i18n/translate';
import { href, type Query, type RouteId, type RouteParams } from '@kunci/i18n/paths';

export type NoticeParams = Record<string, string | number>;

/**
 * How features send notices (the notification centre, features/notifications, does the sending):
 * docs/decisions/0012-notification-centre.md. Kept in lib/ so any feature can define and send its own.
 */

/**
 * A kind of notice, defined once beside the feature that sends it (see docs/decisions/0012-notification-centre.md).
 * Its texts are catalogue keys of that feature's area, filled with the notice's params in the reader's language.
 */
export interface NoticeType<Params extends NoticeParams = NoticeParams> {
  /** Stable name, `<feature>.<what>` (stored on each notice and on preferences). */
  readonly type: string;
  /** The preferences row ("New homes for my saved searches"). */
  readonly label: MessageKey;
  /** In-app title, email subject, push title. */
  readonly title: MessageKey;
  /** One short paragraph: in-app text, email and push body, SMS text. */
  readonly body: MessageKey;
  /**
   * The outward channels offered for this type, each with its default (a person changes it in the profile).
   * A channel left out is never used: SMS only for what is urgent (a chat request, a deadline).
   */
  readonly channels: Partial<Record<NoticeChannel, boolean>>;
  /** Turns stored params into message values in the reader's language (money, dates); params as they are otherwise. */
  readonly values?: (lang: Language, params: Params) => MessageValues;
}

/** A link of a notice: a route of the route table, turned into a URL in each reader's language. */
export interface NoticeRoute {
  route: RouteId;
  params?: Record<string, string | number>;
  query?: Query;
}

const REGISTRY = new Map<string, NoticeType>();

/** Defines a notice type (once per name in the process); the preferences list every defined type. */
export function defineNotice<Params extends NoticeParams = NoticeParams>(definition: NoticeType<Params>): NoticeType<Params> {
  if (!/^[a-z][a-z0-9-]*\.[a-z0-9.-]+$/.test(definition.type)) throw new Error(`notice type ${definition.type}: use <feature>.<what>`);
  if (REGISTRY.has(definition.type) && REGISTRY.get(definition.type) !== definition) throw new Error(`notice type ${definition.type} defined twice`);
  REGISTRY.set(definition.type, definition as unknown as NoticeType);
  return definition;
}

export const noticeType = (type: string): NoticeType | undefined => REGISTRY.get(type);
export const noticeTypes = (): NoticeType[] => [...REGISTRY.values()];

/** A link as stored: a route id with its params (the stored form of a NoticeRoute). */
export interface StoredNoticeLink {
  route: string;
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | null | undefined>;
}

/** A stored link as a path of this site in the reader's language. */
export function linkPath(lang: Language, link: StoredNoticeLink): string {
  return href(lang, link.route as RouteId, link.params as RouteParams<RouteId>, link.query);
}

/** What a feature sends: a defined type, who gets it, where it leads, and the values its texts need. */
export interface SendNotice<Params extends NoticeParams> {
  type: NoticeType<Params>;
  recipientId: string;
  link: NoticeRoute;
  params: Params;
  /** Cards shown in the email and push (listings of a saved-search alert). */
  items?: { title: string; subtitle?: string; link: NoticeRoute; imageUrl?: string }[];
  /** The sender's idempotency key (`<feature>:<what>:<id>`): a notice sent again under it is not stored or sent again. */
  key?: string;
}

/**
 * The notification centre as other features get it (a dependency given in app.ts): stores the notice and queues
 * its delivery, in the caller's transaction when given. Null when its key was used before.
 */
export interface NoticeSender {
  send<Params extends NoticeParams>(notice: SendNotice<Params>, options?: { transaction?: Database }): Promise<{ id: number } | null>;
}
