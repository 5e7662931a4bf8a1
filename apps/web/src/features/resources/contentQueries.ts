import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../api/client.ts';
import { cmsKeys } from '../../api/keys.ts';
import type { JsonBody } from '../../api/wire.ts';

// Staff writes of FAQs, glossary entries and video tutorials (the server checks the staff grant).

export type FaqInput = JsonBody<'/api/faqs', 'post'>;
export type GlossaryInput = JsonBody<'/api/glossary', 'post'>;
export type VideoInput = JsonBody<'/api/video-tutorials', 'post'>;

export type ContentKind = 'faq' | 'glossary' | 'video';
type InputOf<K extends ContentKind> = K extends 'faq' ? FaqInput : K extends 'glossary' ? GlossaryInput : VideoInput;

const KEY = { faq: cmsKeys.faqs, glossary: cmsKeys.glossary, video: cmsKeys.videos } as const;

function save<K extends ContentKind>(kind: K, id: string | undefined, body: InputOf<K>): Promise<unknown> {
  if (kind === 'faq') {
    const b = body as FaqInput;
    return id ? call(api.PUT('/api/faqs/{id}', { params: { path: { id } }, body: b })) : call(api.POST('/api/faqs', { body: b }));
  }
  if (kind === 'glossary') {
    const b = body as GlossaryInput;
    return id ? call(api.PUT('/api/glossary/{id}', { params: { path: { id } }, body: b })) : call(api.POST('/api/glossary', { body: b }));
  }
  const b = body as VideoInput;
  return id
    ? call(api.PUT('/api/video-tutorials/{id}', { params: { path: { id } }, body: b }))
    : call(api.POST('/api/video-tutorials', { body: b }));
}

function remove(kind: ContentKind, id: string): Promise<unknown> {
  const path = { params: { path: { id } } };
  if (kind === 'faq') return call(api.DELETE('/api/faqs/{id}', path));
  if (kind === 'glossary') return call(api.DELETE('/api/glossary/{id}', path));
  return call(api.DELETE('/api/video-tutorials/{id}', path));
}

export function useSaveContent<K extends ContentKind>(kind: K) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: InputOf<K> }) => save(kind, id, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY[kind] }),
  });
}

export function useDeleteContent(kind: ContentKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => remove(kind, id),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY[kind] }),
  });
}
