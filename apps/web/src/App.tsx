import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { installClientHooks } from './api/installClientHooks.ts';
import { initSession } from './auth/session.ts';
import { queryClient } from './api/queryClient.ts';
import { NotificationsMount } from './NotificationsMount.tsx';
import { createRouter } from './router.tsx';
import { theme } from './theme.ts';

installClientHooks();
void initSession();

export function App() {
  const [router] = useState(createRouter);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <NotificationsMount />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
