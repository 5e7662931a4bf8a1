import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from 'react-router';
import { installClientHooks } from './api/installClientHooks.ts';
import { initSession } from './auth/session.ts';
import { NotificationsMount } from './NotificationsMount.tsx';
import { createRouter } from './router.tsx';
import { theme } from './theme.ts';

installClientHooks();
void initSession();

export function App() {
  const [router] = useState(createRouter);
  // withCssVariables off: the theme's CSS variables are a build-time stylesheet (mantineThemeVars.ts).
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false}>
      <NotificationsMount />
      {/* No root QueryClientProvider: each lazy page brings it (routes/lazyWithTimeout.ts), so the
          signed-out home never downloads TanStack Query. Shell components must not use query hooks. */}
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
