import type { ComingSoonBody, ContactBody, ContactResult } from '@atrium/shared/contact/schema';
import { apiPost } from './client.ts';

export const sendContact = (body: ContactBody) => apiPost<ContactResult>('/api/contactus/send', body);

export interface ComingSoonResult {
  subscribed: boolean;
  message: string;
}
export const subscribeComingSoon = (body: ComingSoonBody) => apiPost<ComingSoonResult>('/api/comingsoon/subscribe', body);
