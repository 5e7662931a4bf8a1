// Mantine's global layers. Each component's stylesheet comes with the file that imports the
// component (the mantineCss Vite plugin, apps/web/mantineCss.ts), so the first page loads only its own.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
