import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { PRODUCT_NAME } from '@atrium/shared/constants';
import { readEmbedFlags } from '@atrium/shared/share/links';
import { viewerKeys } from '../../api/keys.ts';
import { useSession } from '../../auth/useSession.ts';
import { setPageTitle } from '../../seo/pageTitle.ts';
import { fetchContent, fetchMetadata, type SceneSource } from './queries.ts';
import { ErrorScreen } from './ErrorScreen.tsx';
import { LoadingOverlay } from './LoadingOverlay.tsx';
import './i18n.ts';
import './mantine-viewer.ts';
import './panels/builtin.ts';
import { ViewerScene } from './ViewerScene.tsx';
import { classifyFailure } from './viewerErrors.ts';
import { webglAvailable } from './webgl.ts';
import classes from './Viewer.module.css';

const noRetryOnClientErrors = (count: number, err: unknown) =>
  count < 2 && !(typeof err === 'object' && err && 'status' in err && (err as { status: number }).status < 500 && (err as { status: number }).status > 0);

/** viewer/{sceneId} (`?draft=true` for the owner's draft) and viewer/embed/{sceneId}. */
export function ViewerRoute({ embedded }: { embedded: boolean }) {
  const { sceneId = '' } = useParams();
  const [params] = useSearchParams();
  const { search } = useLocation();
  const source: SceneSource = { sceneId, draft: params.get('draft') === 'true' };
  const flags = readEmbedFlags(search, embedded);
  const hasWebgl = typeof window !== 'undefined' && webglAvailable();
  const session = useSession();
  // A draft is owner-only: wait until the sign-in state is known so the token goes with the request.
  const enabled = hasWebgl && (!source.draft || session.status !== 'loading');

  const metadata = useQuery({
    queryKey: viewerKeys.metadata(source.draft, sceneId),
    queryFn: () => fetchMetadata(source),
    retry: noRetryOnClientErrors,
    enabled,
  });
  const content = useQuery({
    queryKey: viewerKeys.content(source.draft, sceneId),
    queryFn: () => fetchContent(source),
    retry: noRetryOnClientErrors,
    staleTime: Infinity,
    enabled,
  });

  const title = metadata.data?.title;
  useEffect(() => {
    if (title) setPageTitle(`${title} | ${PRODUCT_NAME}`);
  }, [title]);

  if (!hasWebgl) return <ErrorScreen failure="webgl" embedded={embedded} />;
  const error = metadata.error ?? content.error;
  if (error) {
    return (
      <ErrorScreen
        failure={classifyFailure(error)}
        embedded={embedded}
        onRetry={() => {
          void metadata.refetch();
          void content.refetch();
        }}
      />
    );
  }
  if (!metadata.data || content.data === undefined) {
    // The same loading screen the engine continues, so the visitor sees one continuous progress view.
    return (
      <div className={classes.stage} data-viewer-state="fetching">
        <LoadingOverlay engine={null} metadata={metadata.data} />
      </div>
    );
  }
  return (
    <ViewerScene
      key={`${source.draft ? 'draft' : 'pub'}:${sceneId}`}
      sceneId={sceneId}
      metadata={metadata.data}
      content={content.data}
      embedded={embedded}
      flags={flags}
      search={search}
    />
  );
}

export default function ViewerPage() {
  return <ViewerRoute embedded={false} />;
}
