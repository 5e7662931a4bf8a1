import { useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { isPlanUpgrade } from '@atrium/shared/marketplace/catalogue';
import { msg } from '../../i18n/msg.ts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format.ts';
import { ApiError } from '../../api/ApiError.ts';
import { notify } from '../../notify.ts';
import { formatPrice } from './pricing.ts';
import { useProducts, useUpgrade, useUpgradePreview, type UserPlan } from './queries.ts';
import './i18n.ts';

/**
 * Spec §4 "upgraded after a preview": one button per higher price of the live plan (a higher plan,
 * or yearly over monthly); the dialog shows what the change charges now before it is confirmed.
 */
export function PlanUpgrade({ plan }: { plan: UserPlan }) {
  const { t } = useTranslation();
  const products = useProducts();
  const [target, setTarget] = useState<string | null>(null);
  const preview = useUpgradePreview(target);
  const upgrade = useUpgrade();
  if (plan.status === 'expired' || plan.status === null || !plan.interval) return null;
  const from = { tier: plan.plan, interval: plan.interval };
  const targets = (products.data?.subscriptionProducts ?? []).filter((p) => isPlanUpgrade(from, { tier: p.subscriptionIdentifier, interval: p.interval }));
  if (!targets.length) return null;
  const label = (tier: string, interval: string) => ({ plan: t(`marketplace.plan.${tier.toLowerCase()}`), interval: t(`marketplace.plan.${interval}`) });
  const chosen = targets.find((p) => p.id === target);
  const p = preview.data;
  const due = p ? formatPrice(p.amountDueMinor / 100, p.currency) : '';

  const confirm = async () => {
    if (!p) return;
    try {
      await upgrade.mutateAsync(p);
      setTarget(null);
      notify.success(t('marketplace.plan.upgraded'));
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message : msg.somethingWentWrong);
    }
  };

  return (
    <>
      {targets.map((o) => (
        <Button key={o.id} variant="light" onClick={() => setTarget(o.id)} data-testid={`upgrade-${o.id}`}>
          {t('marketplace.plan.upgradeTo', label(o.subscriptionIdentifier, o.interval))}
        </Button>
      ))}
      <Modal
        opened={target !== null}
        onClose={() => setTarget(null)}
        title={chosen ? t('marketplace.plan.upgradeTitle', label(chosen.subscriptionIdentifier, chosen.interval)) : t('marketplace.plan.upgrade')}
        centered
      >
        <Stack data-testid="upgrade-preview">
          {preview.isPending && <Loader size="sm" />}
          {preview.isError && (
            <Alert color="red" role="alert">
              {preview.error instanceof ApiError ? preview.error.message : t('marketplace.loadFailed')}
            </Alert>
          )}
          {p && (
            <>
              <Text fw={700} size="lg" data-testid="upgrade-due">
                {t('marketplace.plan.upgradeDue', { price: due })}
              </Text>
              <Text c="dimmed">{t('marketplace.plan.upgradeProrated')}</Text>
              <Text>{t('marketplace.plan.upgradeRenews', { date: formatDate(p.endsAt) })}</Text>
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setTarget(null)}>
              {t('marketplace.cancel')}
            </Button>
            <Button disabled={!p} loading={upgrade.isPending} onClick={() => void confirm()} data-testid="upgrade-confirm">
              {t('marketplace.plan.upgradeConfirm', { price: due })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
