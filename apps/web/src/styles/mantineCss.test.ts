import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layeredStylesheet, mantineImports, stylesheetImports, stylesheetsFor, usedComponents } from '../../mantineCss.ts';

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

  it('puts the layered stylesheets of a file\'s components in front of it, and none where it uses no component', () => {
    const imports = stylesheetImports(`import { Drawer, type MantineSize } from '@mantine/core';`);
    expect(imports).toContain(`import '@mantine/core/styles/Drawer.layer.css';`);
    expect(imports.indexOf('ModalBase.layer.css')).toBeLessThan(imports.indexOf('Drawer.layer.css'));
    expect(imports).not.toMatch(/styles\/[A-Za-z]+\.css'/);
    expect(stylesheetImports(`import { useMantineTheme } from '@mantine/core';\nimport type { ButtonProps } from '@mantine/core';`)).toBe('');
  });

  it('redirects every plain Mantine stylesheet to its @layer mantine build, so app rules win in any load order', () => {
    expect(layeredStylesheet('@mantine/core/styles/Tabs.css')).toBe('@mantine/core/styles/Tabs.layer.css');
    expect(layeredStylesheet('@mantine/notifications/styles.css')).toBe('@mantine/notifications/styles.layer.css');
    expect(layeredStylesheet('@mantine/core/styles/Tabs.layer.css')).toBeNull();
    expect(layeredStylesheet('./Page.module.css')).toBeNull();
  });
});
