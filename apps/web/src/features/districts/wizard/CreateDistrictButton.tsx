import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import './i18n.ts';

/** Opens the district setup wizard (spec §2); it signs the person in first. */
export function CreateDistrictButton() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to="/district-setup" leftSection={<IconPlus size={16} />} variant="light">
      {t('districtWizard.open')}
    </Button>
  );
}
