import type { PaymentGatewayName, PaymentMethod } from '@kunci/contracts/payments';

/** What a payment gateway needs to know to take a payment. */
export interface CheckoutRequest {
  paymentId: string;
  amountSen: number;
  description: string;
  language: 'en' | 'ms' | 'zh';
  /** Absolute URLs the payer comes back to. */
  successUrl: string;
  cancelUrl: string;
}

/**
 * A gateway event, as the payments service understands it, whatever the gateway calls it. `id` is the gateway's
 * event id: the same event delivered again carries the same id.
 */
export type GatewayEvent =
  | {
      id: string;
      type: 'payment.pending' | 'payment.failed' | 'payment.expired';
      paymentId: string;
      method?: PaymentMethod;
      bank?: string;
      cardLast4?: string;
    }
  | {
      id: string;
      type: 'payment.succeeded';
      paymentId: string;
      method?: PaymentMethod;
      bank?: string;
      /** A card's last four digits, for the receipt. */
      cardLast4?: string;
      /** The gateway's id of the money taken, needed to refund it. */
      gatewayPaymentRef?: string;
    }
  /** One event may settle several refunds (Stripe's `charge.refunded` covers all of a charge's refunds). */
  | { id: string; type: 'refund.succeeded' | 'refund.failed'; refundIds: string[]; paymentId?: string }
  | { id: string; type: 'ignored'; paymentId?: string };

/** The two implementations (simulator.ts, stripe.ts) behind one interface. */
export interface PaymentGateway {
  readonly name: PaymentGatewayName;
  /** Opens a hosted payment page; the payer goes to `url`. */
  createCheckout(request: CheckoutRequest): Promise<{ gatewayRef: string; url: string }>;
  /**
   * Asks the gateway to give money back; safe to call again for the same refund id (an idempotency key). The
   * outcome arrives later as a `refund.succeeded` / `refund.failed` event.
   */
  refund(request: { refundId: string; paymentId: string; gatewayPaymentRef: string | null; amountSen: number }): Promise<{ gatewayRef: string }>;
  /** Checks a webhook's signature over its raw body and reads it; throws `WebhookSignatureError` when it is not genuine. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<GatewayEvent>;
}

export class WebhookSignatureError extends Error {}
