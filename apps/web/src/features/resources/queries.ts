import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../api/client.ts';
import { cmsKeys, type ArticleListParams } from '../../api/keys.ts';
import type { Answer, JsonBody } from '../../api/wire.ts';

export type ArticleCard = Answer<'/api/articles', 'get'>[number];
export type Article = Answer<'/api/articles/{id}', 'get'>;
export type ArticleSource = Answer<'/api/articles/{id}/source', 'get'>;
export type ArticleInput = JsonBody<'/api/articles', 'post'>;

export const useArticles = (params: ArticleListParams) =>
  useQuery({
    queryKey: cmsKeys.articles(params),
    queryFn: () => call(api.GET('/api/articles', { params: { query: params } })),
    placeholderData: keepPreviousData,
  });

export const useArticle = (id: string) =>
  useQuery({
    queryKey: cmsKeys.article(id),
    queryFn: () => call(api.GET('/api/articles/{id}', { params: { path: { id } } })),
    retry: false,
  });

export const useFaqs = () => useQuery({ queryKey: cmsKeys.faqs, queryFn: () => call(api.GET('/api/faqs')) });
export const useGlossary = () => useQuery({ queryKey: cmsKeys.glossary, queryFn: () => call(api.GET('/api/glossary')) });
export const useVideoTutorials = () => useQuery({ queryKey: cmsKeys.videos, queryFn: () => call(api.GET('/api/video-tutorials')) });
export const useCategories = () => useQuery({ queryKey: cmsKeys.categories, queryFn: () => call(api.GET('/api/categories')) });
export const useAuthors = () => useQuery({ queryKey: cmsKeys.authors, queryFn: () => call(api.GET('/api/authors')) });
export const useGuidesMenu = () => useQuery({ queryKey: cmsKeys.guidesMenu, queryFn: () => call(api.GET('/api/guides-menu')) });

/** Whether the signed-in person may edit content (false when signed out). */
export const useCmsMe = (enabled: boolean) =>
  useQuery({ queryKey: cmsKeys.me, queryFn: () => call(api.GET('/api/cms/me')), enabled });

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
