import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { msg } from '../../i18n/msg.ts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format.ts';
import { Link } from 'react-router';
import { ApiError } from '../../api/ApiError.ts';
import { notify } from '../../notify.ts';
import { useMySlots } from '../publishing/queries.ts';
import { PlanUpgrade } from './PlanUpgrade.tsx';
import { usePlanActions, useUserPlan, type UserPlan } from './queries.ts';
import './i18n.ts';

const STATUS_COLOR = { active: 'green', canceled: 'orange', expired: 'gray' } as const;

/** Spec §3 User subscription plan, §4 status: the plan, its status and what can be done with it. */
export function PlanPanel() {
  const { t } = useTranslation();
  const plan = useUserPlan();
  const actions = usePlanActions();
  const slots = useMySlots();
  const planSlots = slots.data?.filter((s) => s.kind === 'plan').length ?? 0;
  const [asking, setAsking] = useState(false);

  const run = async (what: () => Promise<unknown>, done: string) => {
    try {
      await what();
      setAsking(false);
      notify.success(done);
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message : msg.somethingWentWrong);
    }
  };

  const body = (p: UserPlan) => {
    const date = p.endsAt ? formatDate(p.endsAt) : '';
    if (p.plan === 'FREE' || p.status === null)
      return (
        <Group justify="space-between">
          <Text>{t('marketplace.plan.onFree')}</Text>
          <Button component={Link} to="/pricing" variant="light">
            {t('marketplace.plan.seePlans')}
          </Button>
        </Group>
      );
    return (
      <Stack gap="sm">
        <Group gap="sm">
          <Text fw={700} size="lg" data-testid="plan-name">
            {t(`marketplace.plan.${p.plan.toLowerCase()}`)}
            {p.interval && ` · ${t(`marketplace.plan.${p.interval}`)}`}
          </Text>
          <Badge color={STATUS_COLOR[p.status]} variant="light" data-testid="plan-status">
            {t(`marketplace.plan.status.${p.status}`)}
          </Badge>
        </Group>
        {p.status !== 'expired' && planSlots > 0 && <Text data-testid="plan-slots">{t('marketplace.plan.slots', { count: planSlots })}</Text>}
        {date && (
          <Text c="dimmed">
            {t(p.status === 'expired' ? 'marketplace.plan.endedOn' : p.isCanceled === 2 ? 'marketplace.plan.endsOn' : 'marketplace.plan.renewsOn', { date })}
          </Text>
        )}
        <Group>
          {p.status === 'active' && p.isCanceled === 0 && (
            <Button variant="default" color="red" onClick={() => setAsking(true)}>
              {t('marketplace.plan.cancel')}
            </Button>
          )}
          {p.status === 'canceled' && (
            <Button onClick={() => void run(() => actions.reenable.mutateAsync(), t('marketplace.plan.renewed'))} loading={actions.reenable.isPending}>
              {t('marketplace.plan.reenable')}
            </Button>
          )}
          <PlanUpgrade plan={p} />
          {p.status === 'expired' && (
            <Button component={Link} to="/pricing" variant="light">
              {t('marketplace.plan.seePlans')}
            </Button>
          )}
        </Group>
        <Modal opened={asking} onClose={() => setAsking(false)} title={t('marketplace.plan.cancel')} centered>
          <Stack>
            <Text>{t('marketplace.plan.cancelConfirm', { date })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(false)} data-autofocus>
                {t('marketplace.plan.keep')}
              </Button>
              <Button color="red" loading={actions.cancel.isPending} onClick={() => void run(() => actions.cancel.mutateAsync(), t('marketplace.plan.canceled'))}>
                {t('marketplace.plan.cancel')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      </Stack>
    );
  };

  return (
    <Card withBorder radius="xl" padding="xl" data-testid="plan-panel">
      <Title order={2} size="h4" mb="sm">
        {t('marketplace.wallet.plan')}
      </Title>
      {plan.isPending ? (
        <Skeleton h={60} />
      ) : plan.isError ? (
        <Alert color="red" role="alert" title={t('marketplace.loadFailed')}>
          <Button variant="light" size="xs" onClick={() => void plan.refetch()}>
            {t('marketplace.retry')}
          </Button>
        </Alert>
      ) : (
        body(plan.data)
      )}
    </Card>
  );
}
