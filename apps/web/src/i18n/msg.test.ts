import { afterAll, describe, expect, it } from 'vitest';
import { msg as english, msgFr } from '@atrium/shared';
import { i18n } from './index.ts';
import { msg } from './msg.ts';
import { toNamespace } from './msgNamespace.ts';

type Node = { [k: string]: unknown };

/** Every (path, English leaf, French template) triple. */
function* leaves(en: Node, fr: Node, prefix = ''): Generator<[string, unknown, unknown]> {
  for (const [k, v] of Object.entries(en)) {
    if (typeof v === 'object' && v) yield* leaves(v as Node, fr[k] as Node, `${prefix}${k}.`);
    else yield [prefix + k, v, fr[k]];
  }
}

describe('spec messages through i18next', () => {
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('reads the shared English texts through the msg namespace', () => {
    expect(msg.scene.untitledSpace).toBe(english.scene.untitledSpace);
    expect(msg.asset.tooLarge('5 MB')).toBe(english.asset.tooLarge('5 MB'));
    expect(msg.user.apiKeysRevoked(1)).toBe(english.user.apiKeysRevoked(1));
  });

  it('every French template is non-empty and uses only the arguments its English function takes', () => {
    for (const [path, en, fr] of leaves(english as unknown as Node, msgFr as unknown as Node)) {
      const texts = typeof fr === 'string' ? [fr] : Object.values(fr as Record<string, string>);
      for (const text of texts) {
        expect(text.trim(), path).not.toBe('');
        const used = [...text.matchAll(/\{\{p(\d+)/g)].map((m) => Number(m[1]));
        const arity = typeof en === 'function' ? en.length : 0;
        for (const i of used) expect(i, `${path} uses p${i}`).toBeLessThan(arity);
      }
    }
  });

  it('switches to French, with plurals and localised numbers', async () => {
    i18n.addResourceBundle('fr', 'msg', toNamespace(msgFr), true, true);
    await i18n.changeLanguage('fr');
    expect(msg.scene.untitledSpace).toBe('Espace sans titre');
    expect(msg.user.apiKeysRevoked(1)).toMatch(/^Votre clé/);
    expect(msg.user.apiKeysRevoked(3)).toMatch(/^Vos 3 clés/);
    expect(msg.scene.tooLarge(20, 5000)).toMatch(/20 Mo .* 5\s000 éléments/);
    expect(msg.publishing.slotExpiredNotice('Ma galerie')).toBe('Votre emplacement gratuit a expiré et « Ma galerie » a été dépublié.');
  });
});
