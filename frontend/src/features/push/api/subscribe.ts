import type { PushStatus, PushSubscribeRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { useAppMutation } from '@/lib/api/mutation';
import { currentSubscription, rememberSent, subscribeThisBrowser, unsubscribeThisBrowser } from '@/lib/push/devicePush';
import { readSession } from '@/lib/session/session';
import { getPublicKey } from './getPublicKey';
import { statusKey } from './keys';

/** POST /api/system/push/subscribe: this browser's subscription becomes this device's. */
export function subscribe(req: PushSubscribeRequest): Promise<PushStatus> {
  return api.post<PushStatus>('/system/push/subscribe', req, { noOutbox: true });
}

/** POST /api/system/push/unsubscribe: this device gets no more alerts. */
export function unsubscribe(): Promise<PushStatus> {
  return api.post<PushStatus>('/system/push/unsubscribe', undefined, { noOutbox: true });
}

/**
 * Turns alerts on for this device: the permission asked on the person's tap, the browser subscribed with the
 * server's key, the subscription sent. A refusal (PushNotOn) is the dialog's to explain.
 */
export function useTurnOn() {
  return useAppMutation({
    mutationFn: async () => {
      const req = await subscribeThisBrowser((await getPublicKey()).publicKey);
      const status = await subscribe(req);
      rememberSent(readSession()?.userId ?? '', req.endpoint);
      return status;
    },
    invalidates: [statusKey],
    success: 'profile.push.done.on',
  });
}

/** Turns alerts off for this device: the server forgets it first, then the browser ends its subscription. */
export function useTurnOff() {
  return useAppMutation({
    mutationFn: async () => {
      const status = await unsubscribe();
      await unsubscribeThisBrowser();
      return status;
    },
    invalidates: [statusKey],
    success: 'profile.push.done.off',
  });
}

/** Whether this browser holds a subscription of its own (the server's status says whether it knows it). */
export async function browserSubscribed(): Promise<boolean> {
  return (await currentSubscription().catch(() => null)) !== null;
}
