import { type Document, Logger, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS, KHRDracoMeshCompression } from '@gltf-transform/extensions';
import draco3d from 'draco3dgltf';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';

let io: Promise<NodeIO> | null = null;

/** Warnings only: the per-step info lines ("prune: Removed types…") would flood the server log. */
export const quietLogger = new Logger(Logger.Verbosity.WARN);

/**
 * One NodeIO with every extension, the meshopt codecs and the Draco decoder (without it every
 * KHR_draco_mesh_compression file failed on "reading 'DT_FLOAT32'"). It is never given a fetch
 * function, so it cannot load anything over the network: external resources come only from the
 * uploaded files.
 */
export function modelIO(): Promise<NodeIO> {
  io ??= (async () => {
    const [dracoDecoder] = await Promise.all([draco3d.createDecoderModule(), MeshoptDecoder.ready, MeshoptEncoder.ready]);
    return new NodeIO()
      .setLogger(quietLogger)
      .registerExtensions(ALL_EXTENSIONS)
      .registerDependencies({
        'draco3d.decoder': dracoDecoder,
        'meshopt.decoder': MeshoptDecoder,
        'meshopt.encoder': MeshoptEncoder,
      });
  })();
  return io;
}

/**
 * Reading a Draco file decodes its meshes; dropping the extension afterwards means it is written
 * back uncompressed (the pipeline then applies meshopt), and no Draco encoder is ever needed.
 */
export function dropDraco(doc: Document): Document {
  for (const ext of doc.getRoot().listExtensionsUsed()) {
    if (ext.extensionName === KHRDracoMeshCompression.EXTENSION_NAME) ext.dispose();
  }
  return doc;
}
