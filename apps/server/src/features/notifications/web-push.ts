import webPush from 'web-push';

export interface PushKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Push services browsers use today; a subscription elsewhere is refused (we would be POSTing to any URL given). */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  'notify.windows.com',
];

/** Whether an endpoint is a push service's (https, a known host); `local` admits one on this machine (a fake in tests). */
export function isPushEndpoint(endpoint: string, local = false): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (local && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) return true;
  return url.protocol === 'https:' && PUSH_SERVICE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}

/**
 * Sends one encrypted push message (RFC 8291, VAPID RFC 8292): `web-push` builds the request, we send it, so a
 * slow push service has a time limit of ours. `gone`: the subscription expired or was withdrawn (404, 410).
 */
export async function sendPush(keys: PushKeys, target: PushTarget, payload: string): Promise<{ gone: boolean }> {
  const request = webPush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
    vapidDetails: keys,
    TTL: 24 * 3600,
    urgency: 'normal',
  });
  const response = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body,
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer().catch(() => undefined);
  if (response.status === 404 || response.status === 410) return { gone: true };
  if (!response.ok) throw new Error(`push service answered ${response.status}`);
  return { gone: false };
}
