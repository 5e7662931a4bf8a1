import { msg as sharedMsg } from '@atrium/shared/messages';
import { useTranslation } from 'react-i18next';
import { i18n } from './index.ts';
import { stringsOf, type Tree } from './msgNamespace.ts';
import { translated } from './translate.ts';

// Spec messages reach the web through i18next like every other string: the English texts of @atrium/shared
// `msg` are the `msg` namespace (generated here, so they are written once, in shared), other languages add
// their catalogue (e.g. `msgFr`) to the same namespace. `msg` below has the exact shape of the shared one,
// so components keep writing `msg.scene.untitledSpace` or `msg.asset.tooLarge('5 MB')`.

/** The English `msg` namespace: the shared strings as they are (function messages stay the English functions). */
export const msgEn = stringsOf(sharedMsg as unknown as Tree);
// Registered when the first chunk that shows a spec message loads; the boot chunk holds only shellMsg's.
i18n.addResourceBundle('en', 'msg', msgEn, true, false);

/** `msg` of @atrium/shared in the interface language; read at call time, so outside React too. */
export const msg: typeof sharedMsg = translated(sharedMsg as unknown as Tree, '') as unknown as typeof sharedMsg;

/** For components: re-renders when the language changes. */
export function useMsg(): typeof sharedMsg {
  useTranslation('msg');
  return msg;
}
