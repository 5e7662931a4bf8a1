import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../api/client.ts';
import { cmsKeys, type ArticleListParams } from '../../api/keys.ts';
import type { Answer, JsonBody } from '../../api/wire.ts';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/index.ts';
import { useSession } from '../../auth/useSession.ts';

export type ArticleCard = Answer<'/api/articles', 'get'>[number];
export type Article = Answer<'/api/articles/{id}', 'get'>;
export type ArticleSource = Answer<'/api/articles/{id}/source', 'get'>;
export type ArticleInput = JsonBody<'/api/articles', 'post'>;

// Articles, FAQs, glossary and video tutorials come in the interface language (English where an entry
// has no version in it); the language is part of the key, so switching refetches, and staff edits still
// invalidate every language through the shared prefix.
const useLanguage = () => {
  useTranslation(); // re-render when the language changes
  return currentLanguage();
};

export const useArticles = (params: ArticleListParams) => {
  const lang = useLanguage();
  return useQuery({
    queryKey: [...cmsKeys.articles(params), lang],
    queryFn: () => call(api.GET('/api/articles', { params: { query: { ...params, lang } } })),
    placeholderData: keepPreviousData,
  });
};

export const useArticle = (id: string) => {
  const lang = useLanguage();
  return useQuery({
    queryKey: [...cmsKeys.article(id), lang],
    queryFn: () => call(api.GET('/api/articles/{id}', { params: { path: { id }, query: { lang } } })),
    retry: false,
  });
};

export const useFaqs = () => {
  const lang = useLanguage();
  return useQuery({ queryKey: [...cmsKeys.faqs, lang], queryFn: () => call(api.GET('/api/faqs', { params: { query: { lang } } })) });
};
export const useGlossary = () => {
  const lang = useLanguage();
  return useQuery({ queryKey: [...cmsKeys.glossary, lang], queryFn: () => call(api.GET('/api/glossary', { params: { query: { lang } } })) });
};
export const useVideoTutorials = () => {
  const lang = useLanguage();
  return useQuery({ queryKey: [...cmsKeys.videos, lang], queryFn: () => call(api.GET('/api/video-tutorials', { params: { query: { lang } } })) });
};
export const useCategories = () => {
  const lang = useLanguage();
  return useQuery({ queryKey: [...cmsKeys.categories, lang], queryFn: () => call(api.GET('/api/categories', { params: { query: { lang } } })) });
};
export const useAuthors = () => useQuery({ queryKey: cmsKeys.authors, queryFn: () => call(api.GET('/api/authors')) });
export const useGuidesMenu = () => {
  const lang = useLanguage();
  return useQuery({ queryKey: [...cmsKeys.guidesMenu, lang], queryFn: () => call(api.GET('/api/guides-menu', { params: { query: { lang } } })) });
};

/** Whether the signed-in person may edit content (false when signed out). */
export const useCmsMe = (enabled: boolean) =>
  useQuery({ queryKey: cmsKeys.me, queryFn: () => call(api.GET('/api/cms/me')), enabled });

/** Whether the signed-in person holds the content staff grant (the server checks it again on every write). */
export function useIsStaff(): boolean {
  const session = useSession();
  return useCmsMe(session.status === 'signed-in').data?.staff === true;
}

export const useArticleSource = (id: string | undefined) =>
  useQuery({
    queryKey: cmsKeys.source(id ?? ''),
    queryFn: () => call(api.GET('/api/articles/{id}/source', { params: { path: { id: id! } } })),
    enabled: !!id,
    retry: false,
  });

export const previewArticle = (body: string) => call(api.POST('/api/articles/preview', { body: { body } }));

export function useSaveArticle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ArticleInput }) =>
      id
        ? call(api.PUT('/api/articles/{id}', { params: { path: { id } }, body: input }))
        : call(api.POST('/api/articles', { body: input })),
    onSuccess: (saved) => {
      qc.setQueryData(cmsKeys.source(saved.id), saved);
      void qc.invalidateQueries({ queryKey: cmsKeys.all });
    },
  });
}

export function useSetPublished() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, published }: { id: string; published: boolean }) =>
      call(api.PUT('/api/articles/{id}/status', { params: { path: { id } }, body: { published } })),
    onSuccess: (saved) => {
      qc.setQueryData(cmsKeys.source(saved.id), saved);
      void qc.invalidateQueries({ queryKey: cmsKeys.all });
    },
  });
}

export const useResourceCategories = () =>
  useQuery({ queryKey: cmsKeys.resourceCategories, queryFn: () => call(api.GET('/api/resource-categories')) });
