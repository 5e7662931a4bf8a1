import { describe, expect, it } from 'vitest';
import { modelIO } from '../src/modules/assets/models/io.ts';
import { optimizeModel } from '../src/modules/assets/models/optimize.ts';
import { ANIMATED_CLIPS, animatedModelGlb } from '../../../packages/engine/src/items/animatedModel.test-helpers.ts';

// Issue 13 item 21: the viewer plays a model's clips from the file the pipeline writes, and the
// inspector's clip picker matches the names recorded in the stats. A skinned, animated model has to
// come out of the web preparation with its skin, joint weights and clips intact.

describe('animated models through the model pipeline', () => {
  it('keeps the skin and every clip in the optimised file and records the clip names', async () => {
    const out = await optimizeModel(await animatedModelGlb());
    expect(out.stats).toMatchObject({ animationClips: 2, clipNames: [...ANIMATED_CLIPS] });
    const root = (await (await modelIO()).readBinary(out.main)).getRoot();
    expect(root.listAnimations().map((a) => a.getName())).toEqual([...ANIMATED_CLIPS]);
    expect(root.listAnimations().every((a) => a.listChannels().length === 1 && a.listChannels()[0]!.getTargetNode() !== null)).toBe(true);
    expect(root.listSkins()).toHaveLength(1);
    expect(root.listSkins()[0]!.listJoints().map((j) => j.getName())).toEqual(['Root', 'Arm']);
    const primitives = root.listMeshes().flatMap((m) => m.listPrimitives());
    expect(primitives.length).toBeGreaterThan(0);
    for (const p of primitives) {
      expect(p.getAttribute('JOINTS_0')).not.toBeNull();
      expect(p.getAttribute('WEIGHTS_0')).not.toBeNull();
    }
  }, 60_000);
});
