import { useCallback, useSyncExternalStore } from 'react';
import { Select, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { chosenClipIndex, type Engine } from '@atrium/engine';

/** A placed model's clip names as the engine loaded them; null while the model is still loading. */
export function useModelClips(engine: Engine, itemId: string): readonly string[] | null {
  const subscribe = useCallback(
    (changed: () => void) => engine.on('modelClips', (e) => { if (e.itemId === itemId) changed(); }),
    [engine, itemId],
  );
  return useSyncExternalStore(subscribe, () => engine.getModelAnimation(itemId)?.clips ?? null);
}

/** Autoplay, loop and the clip to play for a 3D model (its clips come from the loaded file). */
export function ModelAnimationFields({ engine, item, set }: {
  engine: Engine;
  item: { id: string; animationClip?: unknown; autoplayAnimation?: unknown; loopAnimation?: unknown };
  set: (patch: Record<string, unknown>) => void;
}) {
  const { t } = useTranslation();
  const clips = useModelClips(engine, item.id);
  const none = clips !== null && clips.length === 0;
  const chosen = clips ? clips[chosenClipIndex(clips, item.animationClip as string | undefined)] ?? null : null;
  return (
    <>
      <Switch
        label={t('editor.inspector.autoplay')}
        checked={Boolean(item.autoplayAnimation)}
        disabled={none}
        onChange={(e) => set({ autoplayAnimation: e.currentTarget.checked })}
        data-testid="inspector-autoplay"
      />
      <Switch
        label={t('editor.inspector.loop')}
        checked={item.loopAnimation !== false}
        disabled={none}
        onChange={(e) => set({ loopAnimation: e.currentTarget.checked })}
        data-testid="inspector-loop"
      />
      <Select
        label={t('editor.inspector.animationClip')}
        data={[...(clips ?? [])]}
        value={chosen}
        allowDeselect={false}
        disabled={!clips?.length}
        placeholder={clips === null ? t('editor.inspector.clipsLoading') : t('editor.inspector.noClips')}
        onChange={(v) => v && set({ animationClip: v })}
        data-testid="inspector-animation-clip"
      />
    </>
  );
}
