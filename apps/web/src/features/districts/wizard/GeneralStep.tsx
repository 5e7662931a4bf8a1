import { useEffect, useState } from 'react';
import { ColorInput, Group, Radio, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkSubdomain, DISTRICT_LIMITS } from '@atrium/shared/districts/rules';
import { msg } from '../../../i18n/msg.ts';
import { ApiError } from '../../../api/ApiError.ts';
import { useSubdomainCheck } from './queries.ts';
import { HostSuffixInput } from '../HostSuffixInput.tsx';
import type { WizardDraft } from './draft.ts';
import './i18n.ts';

/** The configured host, as the '.{product}.com' suffix the spec shows after the subdomain. */
const hostSuffix = () => `.${location.host}`;

export const titleProblem = (title: string): string | null =>
  title.trim().length === 0
    ? msg.required
    : title.trim().length < DISTRICT_LIMITS.titleMin
      ? msg.minChars(DISTRICT_LIMITS.titleMin)
      : title.trim().length > DISTRICT_LIMITS.titleMax
        ? msg.maxChars(DISTRICT_LIMITS.titleMax)
        : null;

/** Spec §2 General (only when creating): Public/Private (default public), title, subdomain with its live availability, theme colour. */
export function GeneralStep({
  draft,
  onChange,
  showErrors,
  onAvailability,
}: {
  draft: WizardDraft;
  onChange: (patch: Partial<WizardDraft>) => void;
  showErrors: boolean;
  onAvailability: (ok: boolean) => void;
}) {
  const { t } = useTranslation();
  const [debounced, setDebounced] = useState(draft.subdomain);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(draft.subdomain), 250);
    return () => clearTimeout(id);
  }, [draft.subdomain]);
  const local = checkSubdomain(debounced);
  const check = useSubdomainCheck(local.ok ? local.subdomain : '');
  const settled = debounced === draft.subdomain;
  const ok = settled && local.ok && check.isSuccess;
  useEffect(() => onAvailability(ok), [ok, onAvailability]);
  const subdomainError = !settled
    ? null
    : !local.ok
      ? draft.subdomain.length > 0 || showErrors
        ? local.message
        : null
      : check.error instanceof ApiError
        ? check.error.message
        : null;
  const suffix = hostSuffix();
  return (
    <Stack>
      <Radio.Group label={t('districtWizard.general.visibility')} value={draft.public ? 'public' : 'private'} onChange={(v) => onChange({ public: v === 'public' })}>
        <Group mt="xs">
          <Radio value="public" label={t('districtWizard.general.public')} description={t('districtWizard.general.publicHint')} />
          <Radio value="private" label={t('districtWizard.general.private')} description={t('districtWizard.general.privateHint')} />
        </Group>
      </Radio.Group>
      <TextInput
        label={t('districtWizard.general.title')}
        value={draft.title}
        maxLength={DISTRICT_LIMITS.titleMax + 10}
        onChange={(e) => onChange({ title: e.currentTarget.value })}
        error={showErrors ? titleProblem(draft.title) : null}
        required
      />
      <HostSuffixInput
        label={t('districtWizard.general.subdomain')}
        value={draft.subdomain}
        onValue={(subdomain) => onChange({ subdomain })}
        suffix={suffix}
        error={subdomainError}
        description={ok ? t('districtWizard.general.available', { host: `${local.ok ? local.subdomain : ''}${suffix}` }) : check.isFetching ? t('districtWizard.general.checking') : null}
        data-testid="wizard-subdomain"
        required
      />
      <ColorInput label={t('districtWizard.general.themeColor')} value={draft.themeColor} onChange={(v) => onChange({ themeColor: v })} format="hex" popoverProps={{ zIndex: 10000002 }} />
    </Stack>
  );
}
