import { Logger, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';

let io: Promise<NodeIO> | null = null;

/** Warnings only: the per-step info lines ("prune: Removed types…") would flood the server log. */
export const quietLogger = new Logger(Logger.Verbosity.WARN);

/**
 * One NodeIO with every extension and the meshopt codecs. It is never given a fetch function, so it
 * cannot load anything over the network: external resources come only from the uploaded files.
 */
export function modelIO(): Promise<NodeIO> {
  io ??= (async () => {
    await Promise.all([MeshoptDecoder.ready, MeshoptEncoder.ready]);
    return new NodeIO()
      .setLogger(quietLogger)
      .registerExtensions(ALL_EXTENSIONS)
      .registerDependencies({ 'meshopt.decoder': MeshoptDecoder, 'meshopt.encoder': MeshoptEncoder });
  })();
  return io;
}
