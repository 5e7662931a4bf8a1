import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PLAN_ROLES } from '@atrium/shared/marketplace/catalogue';
import { msg } from '../../../i18n/msg.ts';
import { ApiError } from '../../../api/ApiError.ts';
import { RequireAuth } from '../../auth/RequireAuth.tsx';
import { useUserPlan, useWallet } from '../../marketplace/queries.ts';
import { currentDistrictSubdomain } from '../currentDistrict.ts';
import { useDistrictInfo } from '../queries.ts';
import { DistrictWizard } from './DistrictWizard.tsx';
import { draftCost, forgetDraft, loadDraft, newDraft, saveDraft, type WizardDraft } from './draft.ts';
import { submitDistrict, upgradeDistrict, useDistrictPurchases, type DistrictPurchases } from './queries.ts';
import './i18n.ts';

/** Creates (or upgrades) and pays the district in one request, then goes to its home on its own subdomain. */
async function finish(d: WizardDraft) {
  const out = d.districtId
    ? await upgradeDistrict(d.key, d.districtId, { extraSlots: d.extraSlots, spaceTemplateIds: d.premadeIds, totalCoin: draftCost(d) })
    : await submitDistrict(d.key, {
        title: d.title.trim(),
        subdomain: d.subdomain,
        public: d.public,
        visible: true,
        freeSpaceTemplateId: d.freeSpaceTemplateId ?? '',
        styles: { themeColor: d.themeColor },
        extraSlots: d.extraSlots,
        totalCoin: draftCost(d),
      });
  forgetDraft();
  window.location.assign(out.url);
}

/**
 * After checkout (spec §4 Submission): the payment's wallet credit and plan arrive through the
 * webhook, so this waits until the plan is Pro and the wallet holds the cart's credits, then submits
 * with the draft's Idempotency-Key.
 */
function Resume({ draft, onEdit }: { draft: WizardDraft; onEdit: () => void }) {
  const { t } = useTranslation();
  const plan = useUserPlan();
  const wallet = useWallet();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const ready = plan.data?.role === PLAN_ROLES.PRO && (wallet.data?.availableBalance ?? -1) >= draftCost(draft);
  useEffect(() => {
    if (ready || error) return;
    const id = setInterval(() => {
      void plan.refetch();
      void wallet.refetch();
    }, 1000);
    return () => clearInterval(id);
  }, [ready, error, plan, wallet]);
  useEffect(() => {
    if (!ready || started.current) return;
    started.current = true;
    finish(draft).catch((err: unknown) => setError(err instanceof ApiError ? err.message : msg.somethingWentWrong));
  }, [ready, draft]);
  return (
    <Stack align="center" py="xl" data-testid="district-resume">
      <Title order={2}>{t(draft.districtId ? 'districtWizard.resume.titleUpgrade' : 'districtWizard.resume.title')}</Title>
      {error ? (
        <Alert color="red" role="alert" title={t(draft.districtId ? 'districtWizard.resume.failedUpgrade' : 'districtWizard.resume.failed')}>
          <Text mb="sm">{error}</Text>
          <Button
            onClick={() => {
              saveDraft({ ...draft, phase: 'editing' });
              onEdit();
            }}
          >
            {t('districtWizard.resume.retry')}
          </Button>
        </Alert>
      ) : (
        <>
          <Loader />
          <Text c="dimmed">{t('districtWizard.resume.waiting')}</Text>
        </>
      )}
    </Stack>
  );
}

/**
 * The wizard and the resume after checkout, for creating (`edit` null) or upgrading one district.
 * The draft kept in sessionStorage is resumed only by the same wizard.
 */
function Setup({ edit }: { edit: DistrictPurchases | null }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const districtId = edit?.districtId ?? null;
  const [draft, setDraftState] = useState<WizardDraft>(() => loadDraft(districtId) ?? newDraft(districtId));
  const [resuming, setResuming] = useState(() => params.get('resume') === '1' && draft.phase === 'paying');
  const setDraft = (d: WizardDraft) => {
    setDraftState(d);
    saveDraft(d);
  };
  return resuming ? (
    <Resume
      draft={draft}
      onEdit={() => {
        setDraftState({ ...draft, phase: 'editing' });
        setResuming(false);
      }}
    />
  ) : (
    <DistrictWizard
      draft={draft}
      setDraft={setDraft}
      edit={edit}
      onClose={() => {
        forgetDraft();
        void navigate(edit ? '/' : '/explore');
      }}
      finish={finish}
    />
  );
}

/** On a district's host, its Owner's Upgrade: the wizard in edit mode, once the district's purchases are read. */
function Upgrade({ subdomain }: { subdomain: string }) {
  const info = useDistrictInfo(subdomain);
  const purchases = useDistrictPurchases(info.data?.districtId);
  const failed = info.error ?? purchases.error;
  if (failed) {
    return (
      <Alert color="red" role="alert">
        {failed instanceof ApiError ? failed.message : msg.somethingWentWrong}
      </Alert>
    );
  }
  if (!purchases.data) return <Loader />;
  return <Setup edit={purchases.data} />;
}

/**
 * /district-setup: the setup wizard as a page's modal (on the public host), or the upgrade wizard (on
 * a district's host, where the header's Upgrade leads), and the submission's resume after checkout.
 */
export default function DistrictSetupPage() {
  const subdomain = currentDistrictSubdomain();
  return (
    <RequireAuth>
      <Container size="md" py="xl">
        {subdomain ? <Upgrade subdomain={subdomain} /> : <Setup edit={null} />}
      </Container>
    </RequireAuth>
  );
}
