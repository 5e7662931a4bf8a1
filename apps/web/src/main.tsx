import '@fontsource/urbanist/400.css';
import '@fontsource/urbanist/600.css';
import '@fontsource/urbanist/700.css';
import '@fontsource/urbanist/800.css';
// Only the Mantine styles the shell and home use; other routes import what they add (see styles/).
import './styles/mantine-base.ts';
import './global.css';
import { languageReady } from './i18n/index.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

// The CSP (script-src without 'unsafe-eval') already stops zod compiling parsers with `new Function`;
// saying so before any schema loads (all in lazy chunks) skips zod's probe of it, which the browser
// reports as a CSP violation (Lighthouse best practices). The key is zod's own global config object.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// A visitor who chose another language sees it from the first paint (its catalogue loads first).
void languageReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
