import { Button, FileButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DistrictImageKind, DistrictView } from '@atrium/shared';
import { useDistrictImage } from './pagesQueries.ts';
import './pagesI18n.ts';

const ACCEPT = 'image/jpeg,image/png,image/webp';

function ImageField({ district, kind }: { district: DistrictView; kind: DistrictImageKind }) {
  const { t } = useTranslation();
  const upload = useDistrictImage(district.districtId, kind);
  const url = district[kind];
  const label = kind === 'photo' ? t('districtPages.logo') : t('districtPages.cover');
  return (
    <Stack gap="xs">
      <Text fw={500}>{label}</Text>
      {url && <Image src={url} alt={label} h={kind === 'photo' ? 64 : 120} w={kind === 'photo' ? 64 : 320} fit="cover" radius="sm" />}
      <Group gap="xs">
        <FileButton onChange={(f) => f && upload.mutate(f)} accept={ACCEPT}>
          {(props) => (
            <Button {...props} size="xs" loading={upload.isPending} data-testid={`district-${kind}-upload`}>
              {t('districtPages.upload')}
            </Button>
          )}
        </FileButton>
        {url && (
          <Button size="xs" variant="subtle" color="red" onClick={() => upload.mutate(null)}>
            {t('districtPages.remove')}
          </Button>
        )}
      </Group>
      {upload.error && (
        <Text c="red" size="sm">
          {upload.error.message}
        </Text>
      )}
    </Stack>
  );
}

/** Settings: the district's logo and cover (spec §3 photo, coverPhoto), through the server's picture pipeline. */
export function DistrictImagesForm({ district }: { district: DistrictView }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="district-images">
      <Title order={2} size="h4">
        {t('districtPages.images')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('districtPages.imageHint')}
      </Text>
      <Group align="start" gap="xl">
        <ImageField district={district} kind="photo" />
        <ImageField district={district} kind="coverPhoto" />
      </Group>
    </Stack>
  );
}
