import { Container, Text, Title } from '@mantine/core';
import {
  IconBrowser,
  IconBuildingCommunity,
  IconCode,
  IconLock,
  IconPhotoVideo,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './Home.module.css';

const FEATURES = [
  { key: 'browser', Icon: IconBrowser },
  { key: 'together', Icon: IconUsersGroup },
  { key: 'content', Icon: IconPhotoVideo },
  { key: 'privacy', Icon: IconLock },
  { key: 'embed', Icon: IconCode },
  { key: 'districts', Icon: IconBuildingCommunity },
] as const;

export function Features() {
  const { t } = useTranslation();
  return (
    <section className={classes.section} aria-labelledby="features-title">
      <Container>
        <Title id="features-title" order={2} className={classes.sectionTitle}>
          {t('home.featuresTitle')}
        </Title>
        <div className={classes.features}>
          {FEATURES.map(({ key, Icon }) => (
            <div key={key} className={classes.feature}>
              <span className={classes.featureIcon}>
                <Icon size={28} aria-hidden="true" />
              </span>
              <Title order={3} size="h4">
                {t(`home.features.${key}.title`)}
              </Title>
              <Text c="dark.4" mt="xs">
                {t(`home.features.${key}.text`)}
              </Text>
            </div>
          ))}
        </div>
      </Container>
    </section>
  );
}
