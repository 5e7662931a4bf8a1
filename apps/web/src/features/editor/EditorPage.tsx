import { useEffect, useRef, useState } from 'react';
import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useParams } from 'react-router';
import { emptySceneDocument, type SceneDocument } from '@atrium/shared/scene/document';
import { migrateSceneDocument } from '@atrium/shared/scene/migrations';
import { msg } from '../../i18n/msg.ts';
import { ApiError } from '../../api/ApiError.ts';
import { i18n } from '../../i18n/index.ts';
import { getSession } from '../../auth/session.ts';
import { useSession } from '../../auth/useSession.ts';
import { PageLoader } from '../../layout/RootLayout.tsx';
import { notificationsHost } from '../../notificationsHost.ts';
import { RequireAuth } from '../auth/RequireAuth.tsx';
import { ErrorScreen } from '../viewer/ErrorScreen.tsx';
import { fetchDraftContent, fetchDraftsLimit, fetchMyMetadata } from './queries.ts';
import { EditorScene } from './EditorScene.tsx';
import './i18n.ts';
import './mantine-editor.ts';
import { recoveryKey } from './recovery.ts';
import type { SessionInit } from './session.ts';

const DRAFTS_LIMIT_TOAST_MS = 5000;

/** Spec §8: the drafts-limit toast stays 5 s and links to the user's drafts. */
function draftsLimitToast(message: string, userId: string) {
  notificationsHost.want();
  notifications.show({
    color: 'orange',
    autoClose: DRAFTS_LIMIT_TOAST_MS,
    message: (
      <span data-testid="drafts-limit-toast">
        {message}{' '}
        <Anchor component={Link} to={`/user/${userId}/spaces/drafts`} fw={700}>
          {msg.scene.viewDrafts}
        </Anchor>
        {' · '}
        <Anchor component={Link} to="/pricing" fw={700}>
          {i18n.t('editor.morePlans')}
        </Anchor>
      </span>
    ),
  });
}

type Load = { status: 'loading' } | { status: 'ready'; init: SessionInit } | { status: 'denied' } | { status: 'notFound' } | { status: 'failed' };

/** /curate: a new space, after the drafts-limit check (spec §2); failure goes home with the toast. */
function NewSpace({ owner }: { owner: string }) {
  const navigate = useNavigate();
  const [init, setInit] = useState<SessionInit | null>(null);
  const ownerRef = useRef(owner);
  useEffect(() => {
    let cancelled = false;
    fetchDraftsLimit().then(
      () => {
        if (cancelled) return;
        const document: SceneDocument = emptySceneDocument();
        setInit({ sceneId: null, title: '', published: false, spaceTemplateId: null, baseVersion: 0, document, recoveryKey: recoveryKey(null), owner: ownerRef.current });
      },
      (err: unknown) => {
        if (cancelled) return;
        draftsLimitToast(err instanceof ApiError ? err.message : msg.somethingWentWrong, getSession().user?.userId ?? '');
        void navigate('/', { replace: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [navigate]);
  if (!init) return <PageLoader />;
  return <EditorScene init={init} />;
}

/** editor/{sceneId}: the owner's draft; anyone else gets the no-permission page. */
function ExistingSpace({ sceneId, owner }: { sceneId: string; owner: string }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const ownerRef = useRef(owner);
  useEffect(() => {
    let cancelled = false;
    setLoad({ status: 'loading' });
    Promise.all([fetchMyMetadata(sceneId), fetchDraftContent(sceneId)]).then(
      ([meta, content]) => {
        if (cancelled) return;
        setLoad({
          status: 'ready',
          init: {
            sceneId, title: meta.title, published: meta.state === 'Published', spaceTemplateId: meta.spaceTemplateId,
            baseVersion: meta.contentVersion, document: migrateSceneDocument(content), recoveryKey: recoveryKey(sceneId), owner: ownerRef.current,
          },
        });
      },
      (err: unknown) => {
        if (cancelled) return;
        const status = err instanceof ApiError ? err.status : 0;
        // A malformed id is as good as a missing space.
        setLoad({ status: status === 403 ? 'denied' : status === 404 || status === 400 ? 'notFound' : 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [sceneId]);
  if (load.status === 'loading') return <PageLoader />;
  if (load.status === 'denied') return <ErrorScreen failure="denied" embedded={false} />;
  if (load.status === 'notFound') return <ErrorScreen failure="notFound" embedded={false} />;
  if (load.status === 'failed') return <ErrorScreen failure="failed" embedded={false} />;
  return <EditorScene key={sceneId} init={load.init} />;
}

function EditorRoute() {
  const { sceneId } = useParams();
  const session = useSession();
  // The e-mail is stable from sign-in on (the user id is filled in later by the user record).
  const owner = session.user?.email ?? session.user?.userId ?? '';
  // After the first save of a new space the URL becomes editor/{id}; the live session carries on.
  const [adopted] = useState(() => sceneId ?? null);
  if (!adopted && sceneId) return <NewSpace owner={owner} />;
  return sceneId ? <ExistingSpace sceneId={sceneId} owner={owner} /> : <NewSpace owner={owner} />;
}

export default function EditorPage() {
  return (
    <RequireAuth>
      <EditorRoute />
    </RequireAuth>
  );
}
