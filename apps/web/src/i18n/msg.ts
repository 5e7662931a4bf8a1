import { msg as sharedMsg } from '@atrium/shared/messages';
import { useTranslation } from 'react-i18next';
import { i18n } from './index.ts';
import type { Tree } from './msgNamespace.ts';

// Spec messages reach the web through i18next like every other string: the English texts of @atrium/shared
// `msg` are the `msg` namespace (generated here, so they are written once, in shared), other languages add
// their catalogue (e.g. `msgFr`) to the same namespace. `msg` below has the exact shape of the shared one,
// so components keep writing `msg.scene.untitledSpace` or `msg.asset.tooLarge('5 MB')`.

function hasTemplate(path: string): boolean {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return i18n.getResource(lng, 'msg', path) !== undefined || i18n.getResource(lng, 'msg', `${path}_other`) !== undefined;
}

function translated<T extends Tree>(node: T, prefix: string): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    const path = prefix + k;
    if (typeof v === 'string') Object.defineProperty(out, k, { enumerable: true, get: () => i18n.t(path, { ns: 'msg' }) });
    else if (typeof v === 'function') {
      const english = v as (...a: unknown[]) => string;
      out[k] = (...args: unknown[]) => {
        // A language without this template falls back to the English function, which knows its own plural
        // and number rules.
        if (!hasTemplate(path)) return english(...args);
        const values: Record<string, unknown> = { ns: 'msg' };
        args.forEach((a, i) => (values[`p${i}`] = a));
        const count = args.find((a) => typeof a === 'number');
        if (count !== undefined) values.count = count;
        return i18n.t(path, values);
      };
    } else out[k] = translated(v, `${path}.`);
  }
  return out as T;
}

/** `msg` of @atrium/shared in the interface language; read at call time, so outside React too. */
export const msg: typeof sharedMsg = translated(sharedMsg as unknown as Tree, '') as unknown as typeof sharedMsg;

/** For components: re-renders when the language changes. */
export function useMsg(): typeof sharedMsg {
  useTranslation('msg');
  return msg;
}
