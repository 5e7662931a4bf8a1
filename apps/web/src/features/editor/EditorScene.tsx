import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate } from 'react-router';
import { migrateSceneDocument } from '@atrium/shared/scene/migrations';
import { TIMINGS } from '@atrium/shared/constants';
import { msg } from '../../i18n/msg.ts';
import { notifications } from '@mantine/notifications';
import { ApiError } from '../../api/ApiError.ts';
import { notify } from '../../notify.ts';
import { notificationsHost } from '../../notificationsHost.ts';
import { useMyUser, usePatchMyUser } from '../profile/queries.ts';
import { ErrorScreen } from '../viewer/ErrorScreen.tsx';
import { fetchDraftContent, fetchMyMetadata } from './queries.ts';
import { EditorHeader } from './EditorHeader.tsx';
import { EditorLoading } from './EditorLoading.tsx';
import { EditorMap } from './EditorMap.tsx';
import { GuideModal, walkthroughSeen } from './GuideModal.tsx';
import { InspectionCard } from './InspectionCard.tsx';
import { Inspector } from './Inspector.tsx';
import { readRecovery, clearRecovery, type RecoveryCopy } from './recovery.ts';
import type { EditorSession, SessionInit } from './session.ts';
import { StepsPanel } from './StepsPanel.tsx';
import { Toolbar, deleteSelection } from './Toolbar.tsx';
import './toolsText.ts';
import { useEditorSession, useSnapshot } from './useEditorSession.ts';
import classes from './Editor.module.css';

/** The editor screen: header, steps, the 3D canvas with its toolbar, and the inspector. */
export function EditorScene({ init }: { init: SessionInit }) {
  const container = useRef<HTMLDivElement>(null);
  const phase = useEditorSession(container, init);
  return (
    <div className={classes.editor} data-testid="editor">
      {phase.phase === 'ready' ? <Chrome session={phase.session} canvas={container} /> : <div className={classes.header} />}
      <div className={classes.canvas} ref={container} data-testid="editor-canvas" />
      {phase.phase !== 'ready' && phase.phase !== 'failed' && <EditorLoading engine={phase.phase === 'loading' ? phase.engine : null} />}
      {phase.phase === 'failed' && (
        <div className={classes.failed}>
          <ErrorScreen failure="failed" embedded={false} />
        </div>
      )}
    </div>
  );
}

const isTyping = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

function Chrome({ session, canvas }: { session: EditorSession; canvas: RefObject<HTMLDivElement | null> }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const snap = useSnapshot(session);
  const me = useMyUser();
  const patchUser = usePatchMyUser();
  // The toggle answers at once; the PATCH (spec §7: autoSave on the user) follows.
  const [autoSaveChoice, setAutoSaveChoice] = useState<boolean | null>(null);
  const autoSave = autoSaveChoice ?? me.data?.autoSave ?? null;
  // The walkthrough opens by itself on the first editor visit (until finished or skipped once).
  const [guide, setGuide] = useState(() => !walkthroughSeen());
  const [recovery, setRecovery] = useState<{ key: string; copy: RecoveryCopy } | null>(null);
  const savingRef = useRef(false);

  const save = useCallback(
    async (auto: boolean): Promise<string | null> => {
      if (savingRef.current) return null;
      savingRef.current = true;
      try {
        const result = await session.save();
        if (!result) return null;
        if (!auto) {
          notificationsHost.want();
          notifications.show({ message: msg.scene.savedSuccessfully, color: 'green', autoClose: TIMINGS.toastMs.save });
        }
        if (result.created) void navigate(`/editor/${result.sceneId}`, { replace: true });
        return result.sceneId;
      } catch (err) {
        notify.error(t('editor.saveFailed', { message: err instanceof ApiError ? err.message : msg.somethingWentWrong }));
        return null;
      } finally {
        savingRef.current = false;
      }
    },
    [session, navigate, t],
  );

  // Spec §4: autosave every 30 s while loaded, enabled and dirty; no toast.
  useEffect(() => {
    if (!autoSave) return;
    const timer = setInterval(() => {
      const s = session.getSnapshot();
      if (s.dirty && !s.saving && !s.conflict) void save(true);
    }, TIMINGS.autosaveMs);
    return () => clearInterval(timer);
  }, [autoSave, session, save]);

  // Crash recovery: a mirrored copy newer than what the server gave us is offered back once.
  useEffect(() => {
    const key = session.recoveryKey;
    void readRecovery(key).then((copy) => {
      if (!copy || copy.owner !== session.owner) return;
      const differs = JSON.stringify(copy.document) !== JSON.stringify(session.history.document) || copy.title !== session.getSnapshot().title;
      if (differs) setRecovery({ key, copy });
      else void clearRecovery(key);
    }, () => {});
  }, [session]);

  // Unsaved-changes guard: closing the tab, and leaving inside the app.
  useEffect(() => {
    if (!snap.dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      void session.mirrorNow();
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [snap.dirty, session]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    const s = session.getSnapshot();
    // The first save moves /curate to editor/{id}: that is not leaving.
    if (nextLocation.pathname === `/editor/${s.sceneId ?? ''}`) return false;
    return s.dirty && currentLocation.pathname !== nextLocation.pathname;
  });

  // Add buttons dragged onto the canvas: the item lands on the surface under the drop.
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const over = (e: DragEvent) => {
      if (!session.placeDragging) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const drop = (e: DragEvent) => {
      if (session.dropAt(e.clientX, e.clientY)) e.preventDefault();
    };
    el.addEventListener('dragover', over);
    el.addEventListener('drop', drop);
    return () => {
      el.removeEventListener('dragover', over);
      el.removeEventListener('drop', drop);
    };
  }, [session, canvas]);

  // Why a wall split (or another click tool) did nothing.
  useEffect(() => session.tools.events.on('notice', ({ message }) => notify.info(message)), [session]);

  // Keyboard: undo/redo (Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z), delete, Escape ends wall drawing,
  // V switches interior/exterior view, M opens the mini map, F brings the selection into view.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target)) return;
      const mod = e.ctrlKey || e.metaKey;
      if (mod && e.key.toLowerCase() === 'z') {
        e.preventDefault();
        if (e.shiftKey) session.redo();
        else session.undo();
      } else if (mod && e.key.toLowerCase() === 'y') {
        e.preventDefault();
        session.redo();
      } else if (e.key === 'Escape') {
        session.tools.endWall();
      } else if (!mod && !e.altKey && e.key.toLowerCase() === 'v') {
        session.setView(session.getSnapshot().view === 'interior' ? 'exterior' : 'interior');
      } else if (!mod && !e.altKey && e.key.toLowerCase() === 'm') {
        session.toggleMap();
      } else if (!mod && !e.altKey && e.key.toLowerCase() === 'f') {
        session.focusSelection();
      } else if (e.key === 'Delete' || e.key === 'Backspace') {
        deleteSelection(session);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [session]);

  const preview = async () => {
    const id = await save(false);
    if (id) window.open(`/viewer/${id}?draft=true`, '_blank', 'noopener');
  };

  const reloadFromServer = async () => {
    const id = snap.sceneId;
    if (!id) return;
    const [meta, content] = await Promise.all([fetchMyMetadata(id), fetchDraftContent(id)]);
    session.reloadFrom(migrateSceneDocument(content), meta.contentVersion, meta.title);
  };

  return (
    <>
      <EditorHeader
        session={session}
        snap={snap}
        autoSave={autoSave}
        onAutoSave={(on) => {
          setAutoSaveChoice(on);
          patchUser.mutate({ autoSave: String(on) });
        }}
        onSave={() => void save(false)}
        onPreview={() => void preview()}
        onGuide={() => setGuide(true)}
      />
      <StepsPanel session={session} snap={snap} onSave={() => void save(false)} />
      <Toolbar session={session} snap={snap} />
      {/* Where a clicked Add places the item (a dragged one lands where it is dropped). */}
      {snap.tool === 'select' && <div className={classes.crosshair} aria-hidden data-testid="editor-crosshair" />}
      <Inspector session={session} snap={snap} />
      {snap.mapOpen && <EditorMap session={session} inspectorOpen={snap.selection.length > 0} />}
      {snap.tool === 'inspect' && <InspectionCard session={session} inspection={snap.inspection} />}
      {/* A crash-recovery offer comes first; the walkthrough waits behind it. */}
      <GuideModal opened={guide && recovery === null} onClose={() => setGuide(false)} />

      <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={t('editor.leaveTitle')} centered>
        <Text mb="lg">{t('editor.leaveText')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()}>
            {t('editor.stay')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              void session.mirrorNow();
              blocker.proceed?.();
            }}
          >
            {t('editor.leave')}
          </Button>
        </Group>
      </Modal>

      <Modal opened={snap.conflict !== null} onClose={() => session.dismissConflict()} title={t('editor.conflictTitle')} centered>
        <Text mb="lg" data-testid="conflict-text">
          {t('editor.conflictText')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void reloadFromServer()}>
            {t('editor.reload')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              void session.save({ overwrite: true }).then((r) => {
                if (r) notify.success(msg.scene.savedSuccessfully);
              });
            }}
          >
            {t('editor.overwrite')}
          </Button>
        </Group>
      </Modal>

      <Modal opened={recovery !== null} onClose={() => setRecovery(null)} title={t('editor.recoveryTitle')} centered>
        <Text mb="lg">{t('editor.recoveryText', { time: recovery ? new Date(recovery.copy.savedAt).toLocaleString(i18n.language) : '' })}</Text>
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              if (recovery) void clearRecovery(recovery.key);
              setRecovery(null);
            }}
          >
            {t('editor.discard')}
          </Button>
          <Button
            onClick={() => {
              if (recovery) session.restore(recovery.copy);
              setRecovery(null);
            }}
          >
            {t('editor.restore')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
