import { languageReady } from './i18n/index.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

// The app proper, loaded by main.tsx once the server's HTML has been painted.
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// A visitor who chose another language sees it from the first paint (its catalogue loads first).
void languageReady.then(() => {
  const reactRoot = createRoot(root);
  // A transition lets React render the first page in slices, yielding to the browser between them,
  // instead of one long task that blocks input (Total Blocking Time). The server's copy of the
  // heading stays on screen until React commits.
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
