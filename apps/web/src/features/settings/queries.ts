import { api, call } from '../../api/client.ts';
import type { JsonBody } from '../../api/wire.ts';

// Spec §2 Settings and the personal API keys, typed by the generated document.

export type SettingsPatch = JsonBody<'/api/settings/my', 'patch'>;

export const fetchSettings = () => call(api.GET('/api/settings/my'));
export const patchSettings = (body: SettingsPatch) => call(api.PATCH('/api/settings/my', { body }));

export const fetchApiKeys = () => call(api.GET('/api/apikeys'));
export const createApiKey = (name: string) => call(api.POST('/api/apikeys', { body: { name } }));
export const revokeApiKey = (id: string) => call(api.DELETE('/api/apikeys/{id}', { params: { path: { id } } }));
