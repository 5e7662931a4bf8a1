import { validateBytes } from 'gltf-validator';

/**
 * The Khronos validator's verdict on a model the pipeline wrote: null when it has 0 errors,
 * otherwise the first few errors as the reason the job failed.
 */
export async function outputErrors(glb: Uint8Array): Promise<string | null> {
  const report = await validateBytes(glb, { format: 'glb', maxIssues: 20 });
  if (report.issues.numErrors === 0) return null;
  const errors = report.issues.messages.filter((m) => m.severity === 0).slice(0, 3);
  return `the optimised model is not valid glTF: ${errors.map((m) => `${m.message}${m.pointer ? ` (${m.pointer})` : ''}`).join('; ')}`;
}
