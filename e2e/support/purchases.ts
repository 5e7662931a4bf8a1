import type { apiCaller } from './accounts.ts';

type Call = ReturnType<typeof apiCaller>;

/** A card expiry year three years ahead, two digits: the built-in provider refuses a past expiry. */
export const CARD_YEAR = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');

/** Pays a checkout for a bundle or plan through the built-in card API (the browser flow has its own tests). */
export async function payByApi(call: Call, tok: string, body: object, cardNumber: string): Promise<void> {
  const s = await call<{ sessionId: string; clientSecret: string }>(tok, 'POST', '/api/stripe/checkout-session', body);
  await call(tok, 'POST', `/api/payments/builtin/sessions/${s.sessionId}/pay`, { clientSecret: s.clientSecret, cardNumber, expiry: `12/${CARD_YEAR}`, cvc: '123' });
}

/** Creates a space and publishes it into the person's free trial slot; answers its id. */
export async function publishIntoTrialSlot(call: Call, tok: string, space: { title: string; description: string; tags: string[] }): Promise<string> {
  const { sceneId } = await call<{ sceneId: string }>(tok, 'POST', '/api/scene/metadata', space);
  const trial = (await call<{ slotId: string; kind: string }[]>(tok, 'GET', '/api/slot/available')).find((s) => s.kind === 'trial');
  if (!trial) throw new Error('no free trial slot');
  await call(tok, 'POST', `/api/sceneactions/${sceneId}/publish`, { slotId: trial.slotId });
  return sceneId;
}
