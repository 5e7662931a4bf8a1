import { useState } from 'react';
import {
  Button,
  ColorInput,
  Container,
  NumberInput,
  Select,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BUTTON_CORNERS, DISTRICT_FONTS, type DistrictStyles, type DistrictView } from '@atrium/shared/districts/schema';
import { checkSubdomain, DISTRICT_LIMITS } from '@atrium/shared/districts/rules';
import { api, call } from '../../api/client.ts';
import { ApiError } from '../../api/ApiError.ts';
import { msg } from '../../i18n/msg.ts';
import { notify } from '../../notify.ts';
import { OwnerDistrictGate } from './OwnerDistrictGate.tsx';
import { DistrictImagesForm } from './DistrictImagesForm.tsx';
import { HostSuffixInput } from './HostSuffixInput.tsx';
import { districtKeys } from './queries.ts';
import { useSubdomainCheck } from './wizard/queries.ts';
import './i18n.ts';

/** Spec §2 district Settings: General (title, subdomain, public/private, hide, listed) and Appearance (the theme), by the Owner. */
export default function SettingsPage() {
  return (
    <OwnerDistrictGate>
      {(district) => (
        <>
          <SettingsForm district={district} />
          <Container size="sm" pb="xl">
            <DistrictImagesForm district={district} />
          </Container>
        </>
      )}
    </OwnerDistrictGate>
  );
}

function SettingsForm({ district }: { district: DistrictView }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [title, setTitle] = useState(district.title);
  const [subdomain, setSubdomain] = useState(district.subdomain);
  const [subtitle, setSubtitle] = useState(district.subtitle);
  const [isPublic, setPublic] = useState(district.public);
  const [hidden, setHidden] = useState(district.hidden);
  const [listed, setListed] = useState(district.listed);
  const [styles, setStyles] = useState<DistrictStyles>(district.styles);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const style = (patch: Partial<DistrictStyles>) => setStyles((s) => ({ ...s, ...patch }));

  const save = async () => {
    setBusy(true);
    try {
      const moving = subdomain.toLowerCase() !== district.subdomain;
      const saved = await call(
        api.PATCH('/api/district/{id}', {
          params: { path: { id: district.districtId } },
          body: { title, subtitle, public: isPublic, hidden, listed, styles, ...(moving ? { subdomain } : {}) },
        }),
      );
      setErrors({});
      if (moving) {
        // The district now lives on another host, and this one names no district: carry on there,
        // signed in through the provider's session (sign-in is per origin; no password asked).
        location.assign(new URL(`login?redirect=${encodeURIComponent('/district-settings')}`, saved.url).href);
        return;
      }
      await qc.invalidateQueries({ queryKey: districtKeys.all });
      notify.success(t('districts.settings.saved'));
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors());
      notify.error(err instanceof ApiError ? err.message : msg.somethingWentWrong);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container py="xl" size="sm">
      <Title order={1} mb="lg">
        {t('districts.settings.title')}
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack>
          <Title order={2} size="h4">
            {t('districts.settings.general')}
          </Title>
          <TextInput
            label={t('districts.settings.districtTitle')}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title}
            maxLength={DISTRICT_LIMITS.titleMax}
          />
          <SubdomainInput district={district} value={subdomain} onChange={setSubdomain} serverError={errors.subdomain} />
          <TextInput
            label={t('districts.settings.subtitle')}
            value={subtitle}
            onChange={(e) => setSubtitle(e.currentTarget.value)}
            error={errors.subtitle}
            maxLength={DISTRICT_LIMITS.subtitleMax}
          />
          <Switch
            label={t('districts.settings.public')}
            checked={isPublic}
            onChange={(e) => setPublic(e.currentTarget.checked)}
          />
          <Switch
            label={t('districts.settings.hidden')}
            checked={hidden}
            onChange={(e) => setHidden(e.currentTarget.checked)}
          />
          <Switch
            label={t('districts.settings.listed')}
            checked={listed}
            onChange={(e) => setListed(e.currentTarget.checked)}
          />
          <Title order={2} size="h4" mt="md">
            {t('districts.settings.appearance')}
          </Title>
          <Select
            label={t('districts.settings.fontFamily')}
            data={[...DISTRICT_FONTS]}
            value={styles.fontFamily ?? null}
            onChange={(v) => style({ fontFamily: (v ?? undefined) as DistrictStyles['fontFamily'] })}
            clearable
          />
          <ColorInput
            label={t('districts.settings.themeColor')}
            format="hex"
            value={styles.themeColor ?? ''}
            onChange={(v) => style({ themeColor: v || undefined })}
            error={errors.styles}
          />
          <ColorInput
            label={t('districts.settings.textColor')}
            format="hex"
            value={styles.textColor ?? ''}
            onChange={(v) => style({ textColor: v || undefined })}
          />
          <Select
            label={t('districts.settings.buttonCorners')}
            data={BUTTON_CORNERS.map((c) => ({ value: c, label: t(`districts.settings.corners.${c}`) }))}
            value={styles.buttonCorners ?? null}
            onChange={(v) => style({ buttonCorners: (v ?? undefined) as DistrictStyles['buttonCorners'] })}
            clearable
          />
          <NumberInput
            label={t('districts.settings.logoHeight')}
            value={styles.logoHeight ?? ''}
            min={16}
            max={200}
            allowDecimal={false}
            onChange={(v) => style({ logoHeight: typeof v === 'number' ? v : undefined })}
          />
          <Button type="submit" loading={busy} w="fit-content">
            {t('districts.settings.save')}
          </Button>
        </Stack>
      </form>
    </Container>
  );
}

/**
 * The district's subdomain with the public host after it and a live availability check (§5), as in
 * the wizard's General step: saving a new name moves the district to that host.
 */
function SubdomainInput({
  district,
  value,
  onChange,
  serverError,
}: {
  district: DistrictView;
  value: string;
  onChange: (v: string) => void;
  serverError: string | undefined;
}) {
  const { t } = useTranslation();
  const [debounced] = useDebouncedValue(value, 250);
  const local = checkSubdomain(debounced);
  const changed = local.ok && local.subdomain !== district.subdomain;
  const check = useSubdomainCheck(changed ? local.subdomain : '');
  const settled = debounced === value;
  const suffix = new URL(district.url).host.slice(district.subdomain.length);
  const error = serverError ?? (!settled ? null : !local.ok ? local.message : changed && check.error instanceof ApiError ? check.error.message : null);
  const description =
    settled && changed && check.isSuccess
      ? t('districts.settings.subdomainAvailable', { host: `${check.data.subdomain}${suffix}` })
      : changed && check.isFetching
        ? t('districts.settings.subdomainChecking')
        : t('districts.settings.subdomainHint');
  return (
    <HostSuffixInput
      label={t('districts.settings.subdomain')}
      value={value}
      onValue={onChange}
      suffix={suffix}
      error={error}
      description={description}
      data-testid="district-settings-subdomain"
    />
  );
}
