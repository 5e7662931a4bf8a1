import { Suspense, type ComponentType } from 'react';
import { Center, Loader } from '@mantine/core';
import { lazyWithTimeout } from '../../../routes/lazyWithTimeout.ts';
import type { PanelProps } from './registry.ts';

/**
 * A sidebar whose code loads the first time it opens, so registering it costs the viewer's first
 * load only its toolbar button. A stalled chunk fails with the spec's chunk-timeout error.
 */
export function lazyPanel(load: () => Promise<{ default: ComponentType<PanelProps> }>): ComponentType<PanelProps> {
  const Body = lazyWithTimeout(load, { queries: false });
  return function LazyPanel(props: PanelProps) {
    return (
      <Suspense
        fallback={
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        }
      >
        <Body {...props} />
      </Suspense>
    );
  };
}
