import nodemailer from 'nodemailer';
import type { OutboxRepository } from './messaging.repository.ts';

/** How the app reaches people. Each channel is a real provider when configured, else the development outbox. */
export interface Messenger {
  sms(to: string, body: string): Promise<void>;
  /** `body` is the plain text; `extra` adds an HTML part and headers (List-Unsubscribe) where the sender has them. */
  email(to: string, subject: string, body: string, extra?: EmailExtra): Promise<void>;
  /** Channels without a provider: their messages are kept in the outbox table (readable in demo mode only). */
  readonly outbox: { sms: boolean; email: boolean };
  readOutbox(to: string | undefined, limit: number): Promise<OutboxRecord[]>;
}

/** A message the outbox holds: an email keeps its HTML part and headers beside the plain text. */
export interface OutboxRecord {
  id: number;
  channel: string;
  to: string;
  subject: string | null;
  body: string;
  html: string | null;
  headers: Record<string, string> | null;
  createdAt: Date;
}

export interface EmailExtra {
  html?: string;
  headers?: Record<string, string>;
}

export interface MessengerOptions {
  outbox: OutboxRepository;
  sms: { webhookUrl: string | undefined; webhookToken: string | undefined };
  email: { smtpUrl: string | undefined; from: string };
}

export function createMessenger({ outbox, sms, email }: MessengerOptions): Messenger {
  const transport = email.smtpUrl ? nodemailer.createTransport(email.smtpUrl) : undefined;
  return {
    outbox: { sms: !sms.webhookUrl, email: !transport },
    async sms(to, body) {
      if (!sms.webhookUrl) return outbox.add({ channel: 'sms', to, subject: null, body });
      // A generic HTTP gateway: most SMS providers accept a JSON POST like this behind a token.
      const response = await fetch(sms.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(sms.webhookToken ? { authorization: `Bearer ${sms.webhookToken}` } : {}) },
        body: JSON.stringify({ to, body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
    async email(to, subject, body, extra) {
      // The outbox keeps what a mail client would get: the HTML part and the headers (List-Unsubscribe) too.
      if (!transport) {
        const headers = extra?.headers && Object.keys(extra.headers).length > 0 ? extra.headers : null;
        return outbox.add({ channel: 'email', to, subject, body, html: extra?.html ?? null, headers });
      }
      await transport.sendMail({
        from: email.from,
        to,
        subject,
        text: body,
        ...(extra?.html ? { html: extra.html } : {}),
        headers: extra?.headers ?? {},
      });
    },
    readOutbox: (to, limit) => outbox.read(to, limit),
  };
}
