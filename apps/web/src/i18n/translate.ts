import { i18n } from './index.ts';
import type { Tree } from './msgNamespace.ts';

// The reading side of the `msg` namespace, shared by msg.ts (the whole catalogue) and shellMsg.ts (the
// few messages of the first load): an object of the shared shape whose leaves ask i18next at call time.

function hasTemplate(path: string): boolean {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return i18n.getResource(lng, 'msg', path) !== undefined || i18n.getResource(lng, 'msg', `${path}_other`) !== undefined;
}

export function translated<T extends Tree>(node: T, prefix: string): T {
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
