import { shellMsg as sharedShellMsg } from '@atrium/shared/shellMessages';
import type { Tree } from './msgNamespace.ts';
import { translated } from './translate.ts';

/**
 * The spec messages of the first load (not-found and error pages, a page chunk that timed out) in the
 * interface language, without the rest of the catalogue (msg.ts): same keys in the same `msg` namespace,
 * registered in English by index.ts.
 */
export const shellMsg: typeof sharedShellMsg = translated(sharedShellMsg as unknown as Tree, '') as unknown as typeof sharedShellMsg;
