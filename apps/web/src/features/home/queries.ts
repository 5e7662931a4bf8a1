import { api, call } from '../../api/client.ts';

// The home page opts out of the TanStack Query provider to stay small, so its one read is a plain call.
export const fetchFaqs = () => call(api.GET('/api/faqs'));
