import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { SHARE_TARGETS, shareLink, type ShareTarget } from '@atrium/shared/share/links';
import { ShareIcon } from './ShareIcon.tsx';

/** The social networks a space's link can be shared to, one round button each (wizard and viewer). */
export function ShareTargets({ url, title, labelFor }: { url: string; title: string; labelFor: (target: ShareTarget) => string }) {
  return (
    <SimpleGrid cols={{ base: 4, xs: 7 }} spacing="xs">
      {SHARE_TARGETS.map((target) => (
        <Stack key={target} gap={4} align="center">
          <Button
            component="a"
            href={shareLink(target, url, title)}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            radius="xl"
            w={52}
            h={52}
            p={0}
            aria-label={labelFor(target)}
          >
            <ShareIcon target={target} />
          </Button>
          <Text size="xs" c="dimmed">
            {target}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
