import nodemailer from 'nodemailer';
import type { OutboxRepository } from './messaging.repository.ts';

/** How the app reaches people. Each channel is a real provider when configured, else the development outbox. */
export interface Messenger {
  sms(to: string, body: string): Promise<void>;
  /** `body` is the plain text; `extra` adds an HTML part and headers (List-Unsubscribe) where the sender has them. */
  email(to: string, subject: string, body: string, extra?: EmailExtra): Promise<void>;
  /** Channels without a provider: their messages are kept in the outbox table (readable in demo mode only). */
  readonly outbox: { sms: boolean; email: boolean };
  readOutbox(
    to: string | undefined,
    limit: number,
  ): Promise<{ id: number; channel: string; to: string; subject: string | null; body: string; createdAt: Date }[]>;
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
  const record = (channel: 'sms' | 'email', to: string, body: string, subject: string | null = null) => outbox.add({ channel, to, subject, body });
  const transport = email.smtpUrl ? nodemailer.createTransport(email.smtpUrl) : undefined;
  return {
    outbox: { sms: !sms.webhookUrl, email: !transport },
    async sms(to, body) {
      if (!sms.webhookUrl) return record('sms', to, body);
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
      // The outbox keeps the plain text: every link of the HTML part is in it too.
      if (!transport) return record('email', to, body, subject);
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
