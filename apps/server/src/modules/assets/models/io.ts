import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';

let io: Promise<NodeIO> | null = null;

/**
 * One NodeIO with every extension and the meshopt codecs. It is never given a fetch function, so it
 * cannot load anything over the network: external resources come only from the uploaded files.
 */
export function modelIO(): Promise<NodeIO> {
  io ??= (async () => {
    await Promise.all([MeshoptDecoder.ready, MeshoptEncoder.ready]);
    return new NodeIO()
      .registerExtensions(ALL_EXTENSIONS)
      .registerDependencies({ 'meshopt.decoder': MeshoptDecoder, 'meshopt.encoder': MeshoptEncoder });
  })();
  return io;
}
