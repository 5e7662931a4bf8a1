import { Button, Container, Group, List, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import page from '../../routes/Page.module.css';
import classes from './Migration.module.css';
import { ArtstepsImporter } from './ArtstepsImporter.tsx';
import './i18n.ts';

const CARRIES = ['images', 'models', 'videos', 'tours'] as const;
const STEPS = ['gather', 'space', 'upload', 'hang', 'publish'] as const;
const WORDS = ['exhibition', 'artifact', 'tour', 'designer', 'profile'] as const;

/** Spec §2 content-migration page: how an Artsteps gallery moves into Atrium, step by step. */
export default function ArtstepsMigrationPage() {
  const { t } = useTranslation();
  const contact = `/contact?subject=${encodeURIComponent(t('migration.contactSubject'))}`;
  return (
    <>
      <div className={page.pageHead}>
        <Container>
          <Text fw={700} c="atrium.8" tt="uppercase" size="sm" lts="0.08em">
            {t('migration.eyebrow')}
          </Text>
          <Title order={1} className={page.title} mt="sm">
            {t('migration.title')}
          </Title>
          <Text size="xl" c="dark.4" mt="md" maw={760}>
            {t('migration.lead')}
          </Text>
          <Group mt={32} gap="sm">
            <Button component={Link} to="/curate" size="lg">
              {t('migration.start')}
            </Button>
            <Button component={Link} to={contact} size="lg" variant="default">
              {t('migration.askHelp')}
            </Button>
          </Group>
        </Container>
      </div>

      <Container className={classes.section}>
        <section aria-labelledby="migration-carries">
          <Title id="migration-carries" order={2}>
            {t('migration.carriesTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} mt="lg" spacing="lg">
            {CARRIES.map((k) => (
              <div key={k} className={classes.card}>
                <Title order={3} size="h4">
                  {t(`migration.carries.${k}.title`)}
                </Title>
                <Text c="dark.4" mt="xs">
                  {t(`migration.carries.${k}.text`)}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </section>

        <ArtstepsImporter />

        <section aria-labelledby="migration-steps" className={classes.block}>
          <Title id="migration-steps" order={2}>
            {t('migration.stepsTitle')}
          </Title>
          <List type="ordered" mt="lg" spacing="lg" size="lg" className={classes.steps}>
            {STEPS.map((k) => (
              <List.Item key={k}>
                <Text fw={700} size="lg">
                  {t(`migration.steps.${k}.title`)}
                </Text>
                <Text c="dark.4">{t(`migration.steps.${k}.text`)}</Text>
              </List.Item>
            ))}
          </List>
        </section>

        <section aria-labelledby="migration-words" className={classes.block}>
          <Title id="migration-words" order={2}>
            {t('migration.wordsTitle')}
          </Title>
          <Table mt="lg" striped verticalSpacing="sm" fz="md" captionSide="bottom">
            <Table.Caption>{t('migration.wordsCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('migration.wordsThem')}</Table.Th>
                <Table.Th scope="col">{t('migration.wordsUs')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {WORDS.map((k) => (
                <Table.Tr key={k}>
                  <Table.Td>{t(`migration.words.${k}.them`)}</Table.Td>
                  <Table.Td>{t(`migration.words.${k}.us`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>

        <section aria-labelledby="migration-help" className={`${classes.block} ${classes.help}`}>
          <Title id="migration-help" order={2}>
            {t('migration.helpTitle')}
          </Title>
          <Text c="dark.4" mt="sm" maw={640}>
            {t('migration.helpText')}
          </Text>
          <Group mt="lg" gap="sm">
            <Button component={Link} to={contact}>
              {t('migration.askHelp')}
            </Button>
            <Button component={Link} to="/resources/guides" variant="default">
              {t('migration.guides')}
            </Button>
          </Group>
        </section>
      </Container>
    </>
  );
}
