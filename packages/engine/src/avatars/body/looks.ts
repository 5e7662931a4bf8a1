import { Color } from 'three';
import type { AvatarAppearance, BuiltInAvatarId } from '@atrium/shared';

// What makes each of the eight built-in avatars itself: hair, outfit cut and the colours the user
// does not choose (hair, shoes, trims). The user's three colours paint skin, top and bottom.

/** Colour slots: every vertex carries one, and the avatar is recoloured by rewriting its colour attribute. */
export const SLOT = { skin: 0, body: 1, clothes: 2, hair: 3, shoe: 4, sole: 5, eye: 6, white: 7, mouth: 8, accent: 9, sock: 10 } as const;
export type Slot = keyof typeof SLOT;

export type Hair = 'crop' | 'long' | 'quiff' | 'bun' | 'afro' | 'beanie' | 'ponytail' | 'bald';
export interface Look {
  hair: Hair;
  beard: boolean;
  glasses: boolean;
  lashes: boolean;
  sleeves: 'none' | 'short' | 'long';
  neck: 'crew' | 'hood' | 'collar' | 'turtle';
  bottom: 'trousers' | 'shorts' | 'skirt' | 'dress' | 'coat';
  shoes: 'sneaker' | 'boot';
  palette: { hair: string; shoe: string; sole: string; accent: string; sock: string };
}

const base = { beard: false, glasses: false, lashes: false, neck: 'crew', shoes: 'sneaker' } as const;
export const LOOKS: Record<BuiltInAvatarId, Look> = {
  atlas: { ...base, hair: 'crop', beard: true, neck: 'hood', sleeves: 'long', bottom: 'trousers', palette: { hair: '#3B2A20', shoe: '#EDEDED', sole: '#FFFFFF', accent: '#F4F4F4', sock: '#FFFFFF' } },
  nova: { ...base, lashes: true, hair: 'long', sleeves: 'none', bottom: 'skirt', shoes: 'boot', palette: { hair: '#B4532A', shoe: '#3B2A24', sole: '#1E1A18', accent: '#F2C14E', sock: '#2B2B2B' } },
  orion: { ...base, hair: 'quiff', glasses: true, neck: 'collar', sleeves: 'long', bottom: 'coat', shoes: 'boot', palette: { hair: '#1D1B1A', shoe: '#2A2522', sole: '#141210', accent: '#1D1B1A', sock: '#2B2B2B' } },
  lyra: { ...base, lashes: true, hair: 'bun', sleeves: 'short', bottom: 'dress', palette: { hair: '#E2B865', shoe: '#C0504D', sole: '#F6F1EA', accent: '#FFFFFF', sock: '#FFFFFF' } },
  juno: { ...base, hair: 'afro', sleeves: 'short', bottom: 'shorts', palette: { hair: '#24170F', shoe: '#FF7A45', sole: '#FFFFFF', accent: '#FFFFFF', sock: '#FFFFFF' } },
  kai: { ...base, hair: 'beanie', sleeves: 'short', bottom: 'trousers', palette: { hair: '#3A2A20', shoe: '#30343F', sole: '#FFFFFF', accent: '#E4572E', sock: '#FFFFFF' } },
  mira: { ...base, lashes: true, hair: 'ponytail', neck: 'turtle', sleeves: 'long', bottom: 'trousers', shoes: 'boot', palette: { hair: '#6E3A5C', shoe: '#5A3825', sole: '#2A1C14', accent: '#AF52DE', sock: '#2B2B2B' } },
  rex: { ...base, hair: 'bald', beard: true, sleeves: 'none', bottom: 'shorts', palette: { hair: '#8A4B22', shoe: '#1F2430', sole: '#E9E9E9', accent: '#FFB020', sock: '#F2F2F2' } },
};

/** Linear RGB per slot for an appearance (the mesh's vertex colours are linear). */
export function slotColours(a: AvatarAppearance, look: Look): Color[] {
  const skin = new Color(a.skin);
  const colours: Record<Slot, Color> = {
    skin,
    body: new Color(a.body),
    clothes: new Color(a.clothes),
    hair: new Color(look.palette.hair),
    shoe: new Color(look.palette.shoe),
    sole: new Color(look.palette.sole),
    eye: new Color('#21170F'),
    white: new Color('#FFFFFF'),
    mouth: skin.clone().lerp(new Color('#6B1F24'), 0.62),
    accent: new Color(look.palette.accent),
    sock: new Color(look.palette.sock),
  };
  const out: Color[] = [];
  for (const [k, i] of Object.entries(SLOT)) out[i] = colours[k as Slot];
  return out;
}
