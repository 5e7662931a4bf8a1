import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mantineImports, stylesheetsFor, usedComponents } from '../../mantineCss.ts';

describe('mantineCss plugin', () => {
  it('a component brings the stylesheets of the components it is built from, those first', () => {
    const sheets = stylesheetsFor(['Drawer']);
    for (const dep of ['ModalBase', 'Overlay', 'CloseButton', 'ScrollArea']) {
      expect(sheets).toContain(dep);
      expect(sheets.indexOf(dep)).toBeLessThan(sheets.indexOf('Drawer'));
    }
    expect(stylesheetsFor(['Modal']).indexOf('ModalBase')).toBeLessThan(stylesheetsFor(['Modal']).indexOf('Modal'));
    expect(stylesheetsFor(['Badge'])).toEqual(['Badge']);
    expect(stylesheetsFor(['useMantineTheme'])).toEqual([]);
  });

  it('reads value imports and skips type-only ones', () => {
    const code = `import { Badge, type MantineSize, Drawer as D } from '@mantine/core';\nimport type { ButtonProps } from "@mantine/core";`;
    expect(mantineImports(code)).toEqual(['Badge', 'Drawer']);
  });

  it("the app's sources name the drawer and badge the walk found unstyled", () => {
    const used = usedComponents(path.resolve(import.meta.dirname, '..'));
    const sheets = stylesheetsFor(used);
    for (const s of ['Drawer', 'Badge', 'CloseButton', 'NavLink', 'Avatar']) expect(sheets).toContain(s);
  });
});
