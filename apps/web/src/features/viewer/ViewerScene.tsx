import { useCallback, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Button, Text } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Engine } from '@atrium/engine';
import type { EmbedFlags, SceneMetadata } from '@atrium/shared';
import { useSession } from '../../auth/useSession.ts';
import { ErrorScreen } from './ErrorScreen.tsx';
import { ItemPopup, LinkConfirm } from './ItemPopup.tsx';
import { LandscapeHint } from './LandscapeHint.tsx';
import { LoadingOverlay, StreamingBar } from './LoadingOverlay.tsx';
import { allViewerPanels, subscribeViewerPanels, visiblePanels, type ViewerContext } from './panels/registry.ts';
import { SidePanel } from './SidePanel.tsx';
import { RealtimeBridge } from '../realtime/RealtimeBridge.tsx';
import { VoiceBridge } from '../voice/VoiceBridge.tsx';
import '../realtime/panels.ts';
import '../social/panels.ts';
import '../gatherings/panels.ts';
import { GatheringsBridge } from '../gatherings/GatheringsBridge.tsx';
import { useRecordView } from '../social/useRecordView.ts';
import { Toolbar } from './Toolbar.tsx';
import { useEngine } from './useEngine.ts';
import { useEngineState } from './useEngineState.ts';
import { useSceneEvents } from './useSceneEvents.ts';
import { useViewerPrefs } from './useViewerPrefs.ts';
import { classifyFailure } from './viewerErrors.ts';
import classes from './Viewer.module.css';

export interface ViewerSceneProps {
  sceneId: string;
  metadata: SceneMetadata;
  content: unknown;
  embedded: boolean;
  flags: EmbedFlags;
  search: string;
}

const selectLocked = (s: { pointerLocked: boolean }) => s.pointerLocked;

/** One loaded space: the engine canvas with its overlays. Keyed by scene id, so a portal remounts it. */
export function ViewerScene({ sceneId, metadata, content, embedded, flags, search }: ViewerSceneProps) {
  const { t } = useTranslation();
  const session = useSession();
  const container = useRef<HTMLDivElement>(null);
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const [engineForPrefs, setEngineForPrefs] = useState<Engine | null>(null);
  const prefs = useViewerPrefs(engineForPrefs);
  const state = useEngine(container, content, prefs.settings, setEngineForPrefs);
  const ready = state.phase === 'ready' ? state : null;
  const events = useSceneEvents(ready?.engine ?? null, embedded ? '/viewer/embed' : '/viewer', search);
  const locked = useEngineState(ready?.engine ?? null, selectLocked, false);
  useRecordView(metadata, ready !== null);
  const registered = useSyncExternalStore(subscribeViewerPanels, allViewerPanels, allViewerPanels);
  const [active, setActive] = useState<string | null>(null);
  const close = useCallback(() => {
    setActive(null);
    // Back to the scene so WASD walks again (spec §6: inputs outside the player block the keyboard).
    container.current?.querySelector('canvas')?.focus({ preventScroll: true });
  }, []);

  const ctx: ViewerContext | null = useMemo(
    () => (ready ? { sceneId, engine: ready.engine, document: ready.document, metadata, embedded, flags, prefs, stage, openPanel: setActive } : null),
    [ready, sceneId, metadata, embedded, flags, prefs, stage],
  );
  const panels = ctx ? visiblePanels(registered, ctx) : [];
  const activePanel = panels.find((p) => p.id === active) ?? null;

  if (state.phase === 'failed') return <ErrorScreen failure={state.engine ? classifyFailure(state.error) : 'webgl'} embedded={embedded} />;

  const showSignIn = embedded && flags.showSignIn && session.status === 'signed-out';
  return (
    <div ref={setStage} className={classes.stage} data-viewer-state={state.phase} data-scene-id={sceneId} data-embedded={embedded ? '1' : '0'} data-panel-open={activePanel ? '1' : '0'}>
      <div ref={container} className={classes.canvas} aria-label={t('viewer.canvasLabel', { title: metadata.title })} role="application" />
      {locked && <div className={classes.crosshair} aria-hidden />}
      {ready && <StreamingBar engine={ready.engine} />}
      {state.phase !== 'ready' && <LoadingOverlay engine={state.engine} metadata={metadata} />}
      {ctx && (
        <>
          <div className={classes.topLeft}>
            {showSignIn ? (
              <Button component={Link} to="/login" target="_blank" leftSection={<IconLogin2 size={18} />}>
                {t('viewer.signIn')}
              </Button>
            ) : (
              <>
                {!embedded && (
                  <Link to="/" className={classes.homeMark} aria-label={t('nav.logoLabel')}>
                    <LogoMark />
                  </Link>
                )}
                <button type="button" className={classes.titleChip} onClick={() => setActive('info')} aria-label={t('viewer.info.label')}>
                  <Text fw={700} truncate="end" pl={12}>
                    {metadata.title}
                  </Text>
                </button>
              </>
            )}
            {embedded && (
              // Inside someone else's page: the full viewer (sign-in, chat, favourites) is one click away.
              <a className={classes.openInAtrium} href={`/viewer/${sceneId}`} target="_blank" rel="noopener">
                <LogoMark />
                <span>{t('viewer.openInAtrium')}</span>
              </a>
            )}
          </div>
          <Toolbar panels={panels} active={active} onToggle={(id) => (active === id ? close() : setActive(id))} prefs={prefs} />
          <SidePanel panel={activePanel} ctx={ctx} onClose={close} />
          <RealtimeBridge ctx={ctx} />
          <GatheringsBridge ctx={ctx} />
          <VoiceBridge sceneId={ctx.sceneId} enabled={ctx.flags.showCommunications} />
          <ItemPopup popup={events.popup} onClose={events.closePopup} onOpenLink={events.openLink} />
          <LinkConfirm url={events.link} onClose={events.closeLink} />
        </>
      )}
      <LandscapeHint />
    </div>
  );
}

function LogoMark() {
  return (
    <svg viewBox="0 0 64 64" width="30" height="30" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="var(--mantine-color-atrium-5)" />
      <path d="M32 12 52 24v18L32 54 12 42V24z" fill="#fff" />
      <path d="M32 12 52 24 32 36 12 24z" fill="#cfeaff" />
      <path d="M32 36v18L12 42V24z" fill="#9fd4ff" />
    </svg>
  );
}
