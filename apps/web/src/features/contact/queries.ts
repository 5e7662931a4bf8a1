import type { ComingSoonBody, ContactBody } from '@atrium/shared/contact/schema';
import { api, call } from '../../api/client.ts';

export const sendContact = (body: ContactBody) => call(api.POST('/api/contactus/send', { body }));
export const subscribeComingSoon = (body: ComingSoonBody) => call(api.POST('/api/comingsoon/subscribe', { body }));
