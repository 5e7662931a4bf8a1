// Mantine's global layers first, then the stylesheet of every Mantine component the app imports
// anywhere (gathered at build time by the mantineCss Vite plugin, see apps/web/mantineCss.ts), so a
// lazily loaded page never shows a component without its CSS.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import 'virtual:atrium-mantine-styles';
