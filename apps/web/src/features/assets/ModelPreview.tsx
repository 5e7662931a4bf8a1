import { useEffect, useRef, useState } from 'react';
import { Text } from '@mantine/core';
import type { Asset } from '@atrium/shared';
import { useTranslation } from 'react-i18next';
import { testRenderCap } from '../viewer/testRender.ts';

const placement = (a: Asset): [number, number, number] => {
  const b = a.stats?.bounds;
  if (!b) return [0, 0, 0];
  return [-(b.min[0] + b.max[0]) / 2, -b.min[1], -(b.min[2] + b.max[2]) / 2];
};

/**
 * The optimised model in the engine's inspector mode (orbit camera), as the viewer will load it.
 * The engine (three.js) is imported only when a preview opens, so library pages stay light.
 */
export function ModelPreview({ asset, height = 280 }: { asset: Asset; height?: number }) {
  const { t } = useTranslation();
  const el = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // Every texture and the model drawn (the engine's fullyLoaded): what a screenshot waits for.
  const [loaded, setLoaded] = useState(false);
  const uri = asset.modelUrl;

  useEffect(() => {
    const container = el.current;
    if (!container || !uri) return;
    let cancelled = false;
    let unload = () => {};
    void (async () => {
      try {
        const { Engine } = await import('@atrium/engine');
        if (cancelled) return;
        const engine = new Engine({ container, quality: 'Medium', transcoderPath: '/engine/basis/' });
        unload = () => engine.unload();
        engine.on('loaded', () => {
          if (!cancelled) setLoaded(true);
        });
        const cap = testRenderCap();
        if (cap) engine.setRenderOptions(cap);
        await engine.configure({ prewarmShaders: false });
        await engine.load({
          version: 1,
          startingPosition: [0, 0, 4],
          // Stand the model on the floor and centre it, using the bounds the optimiser measured.
          models3d: [{ id: 'preview', position: placement(asset), modelUri: uri, title: asset.title }],
        });
        if (cancelled) return;
        engine.setMode('inspector');
        setState('ready');
      } catch (err) {
        console.warn('[assets] model preview failed', err);
        if (!cancelled) setState('failed');
      }
    })();
    return () => {
      cancelled = true;
      setLoaded(false);
      unload();
    };
  }, [uri, asset]);

  return (
    <div style={{ position: 'relative', height, borderRadius: 16, overflow: 'hidden', background: '#ecf0f4' }}>
      <div ref={el} data-testid="model-preview" data-state={state} data-loaded={loaded} style={{ position: 'absolute', inset: 0 }} />
      {state === 'failed' && asset.thumbnailUrl && (
        <img src={asset.thumbnailUrl} alt="" style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' }} />
      )}
      {state === 'loading' && (
        <Text size="xs" c="dimmed" style={{ position: 'absolute', left: 12, bottom: 8 }}>
          {t('assets.preview')}
        </Text>
      )}
    </div>
  );
}
