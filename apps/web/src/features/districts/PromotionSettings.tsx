import { useState } from 'react';
import { Button, Center, Group, Loader, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DISTRICT_PROMOTION, type PromotionSettings } from '@atrium/shared/districts/requests';
import type { DistrictRole } from '@atrium/shared/districts/rules';
import { ApiError } from '../../api/ApiError.ts';
import { msg } from '../../i18n/msg.ts';
import { notify } from '../../notify.ts';
import { usePromotionSettings, useSavePromotionSettings } from './requestsQueries.ts';
import './requestsI18n.ts';

const failed = (err: unknown) => notify.error(err instanceof ApiError ? err.message : msg.somethingWentWrong);

/** Promotion Settings (Owner): whether others may ask, and how many promoted spaces the home shows. */
export function PromotionSettingsForm({
  districtId,
  role,
}: {
  districtId: string;
  role: DistrictRole | null;
}) {
  const { t } = useTranslation();
  const settings = usePromotionSettings(districtId);
  if (role !== 'Owner')
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('districtRequests.ownerOnly')}
      </Text>
    );
  if (!settings.data)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  return <SettingsForm key={JSON.stringify(settings.data)} districtId={districtId} initial={settings.data} />;
}

function SettingsForm({ districtId, initial }: { districtId: string; initial: PromotionSettings }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(initial.promotionRequestsOpen);
  const [onHome, setOnHome] = useState<number>(initial.promotedOnHome);
  const save = useSavePromotionSettings(districtId);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        // The saved settings re-key this form (a fresh mount), and mutate()'s own callbacks are
        // dropped for an unmounted component, so the notice hangs on the promise instead.
        save
          .mutateAsync({ promotionRequestsOpen: open, promotedOnHome: onHome })
          .then(() => notify.success(t('districtRequests.settings.saved')), failed);
      }}
    >
      <Stack gap="md" maw={480} data-testid="promotion-settings">
        <Title order={2} size="h4">
          {t('districtRequests.settings.title')}
        </Title>
        <Switch
          label={t('districtRequests.settings.open')}
          description={t('districtRequests.settings.openHint')}
          checked={open}
          onChange={(e) => setOpen(e.currentTarget.checked)}
        />
        <NumberInput
          label={t('districtRequests.settings.onHome')}
          description={t('districtRequests.settings.onHomeHint')}
          min={0}
          max={DISTRICT_PROMOTION.promotedOnHomeMax}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          value={onHome}
          onChange={(v) => setOnHome(typeof v === 'number' ? v : 0)}
        />
        <Group>
          <Button type="submit" loading={save.isPending} radius="var(--district-radius, sm)">
            {t('districtRequests.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
