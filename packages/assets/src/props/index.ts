import { decorProps } from './decor.ts';
import { displayProps } from './display.ts';
import { lightProps } from './lights.ts';
import { outdoorProps } from './outdoor.ts';
import { plantProps } from './plants.ts';
import { plinthProps } from './plinths.ts';
import { seatingProps } from './seating.ts';
import { signageProps } from './signage.ts';
import { storageProps } from './storage.ts';
import { tableProps } from './tables.ts';
import type { PropRecipe } from './types.ts';

export * from './types.ts';
export { propBounds, propCollisionBox } from './bounds.ts';

export const props: readonly PropRecipe[] = [
  ...seatingProps, ...tableProps, ...storageProps, ...plantProps, ...plinthProps, ...lightProps,
  ...displayProps, ...decorProps, ...signageProps, ...outdoorProps,
];

const byId = new Map(props.map((p) => [p.propId, p]));

export function getProp(propId: string): PropRecipe | undefined {
  return byId.get(propId);
}

export function listProps(category?: PropRecipe['category']): PropRecipe[] {
  return props.filter((p) => !category || p.category === category);
}
