import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ARTSTEPS_IMPORT_LIMITS, type ArtstepsImportReport } from '@atrium/shared/imports/artsteps';
import { formatBytes } from '@atrium/shared/assets/kinds';
import { ApiError } from '../../api/ApiError.ts';
import { api, call, fetchWithUploadProgress, formData } from '../../api/client.ts';
import { signIn } from '../../auth/session.ts';
import { useSession } from '../../auth/useSession.ts';
import classes from './Migration.module.css';

type Phase = { kind: 'idle' } | { kind: 'uploading'; fraction: number } | { kind: 'processing' } | { kind: 'done'; report: ArtstepsImportReport } | { kind: 'failed'; message: string };

function importExport(file: File, title: string, onProgress: (f: number) => void): Promise<ArtstepsImportReport> {
  return call(
    api.POST('/api/imports/artsteps', {
      body: { file, ...(title.trim() ? { title: title.trim() } : {}) },
      bodySerializer: formData,
      fetch: fetchWithUploadProgress(onProgress),
    }),
  ) as Promise<ArtstepsImportReport>;
}

/** The importer on /artsteps-migration: a gallery export's zip in, a draft space and a report out. */
export function ArtstepsImporter() {
  const { t } = useTranslation();
  const session = useSession();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const busy = phase.kind === 'uploading' || phase.kind === 'processing';
  const tooBig = file !== null && file.size > ARTSTEPS_IMPORT_LIMITS.maxZipBytes;
  const limits = { images: ARTSTEPS_IMPORT_LIMITS.maxImages, size: formatBytes(ARTSTEPS_IMPORT_LIMITS.maxZipBytes) };

  const start = async () => {
    if (!file || tooBig) return;
    setPhase({ kind: 'uploading', fraction: 0 });
    try {
      const report = await importExport(file, title, (fraction) =>
        setPhase(fraction >= 1 ? { kind: 'processing' } : { kind: 'uploading', fraction }),
      );
      setPhase({ kind: 'done', report });
    } catch (err) {
      setPhase({ kind: 'failed', message: err instanceof ApiError ? err.message : t('migration.import.failed') });
    }
  };

  return (
    <section aria-labelledby="migration-import" className={`${classes.block} ${classes.card}`}>
      <Title id="migration-import" order={2}>
        {t('migration.import.title')}
      </Title>
      <Text c="dark.4" mt="xs" maw={720}>
        {t('migration.import.lead', limits)}
      </Text>
      {session.status !== 'signed-in' ? (
        <Group mt="lg">
          <Button onClick={() => void signIn()}>{t('migration.import.signIn')}</Button>
        </Group>
      ) : (
        <Stack mt="lg" gap="md" maw={560}>
          <FileInput
            label={t('migration.import.file')}
            placeholder={t('migration.import.filePlaceholder')}
            accept=".zip,application/zip"
            value={file}
            onChange={(f) => {
              setFile(f);
              setPhase({ kind: 'idle' });
            }}
            error={tooBig ? t('migration.import.tooBig', { size: limits.size }) : undefined}
            disabled={busy}
            clearable
          />
          <TextInput label={t('migration.import.spaceTitle')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={100} disabled={busy} />
          <Group>
            <Button onClick={() => void start()} disabled={!file || tooBig} loading={busy}>
              {t('migration.import.start')}
            </Button>
          </Group>
          {phase.kind === 'uploading' && (
            <div data-testid="import-progress">
              <Text size="sm">{t('migration.import.uploading', { percent: Math.round(phase.fraction * 100) })}</Text>
              <Progress value={phase.fraction * 100} mt={4} aria-label={t('migration.import.progress')} />
            </div>
          )}
          {phase.kind === 'processing' && (
            <div data-testid="import-progress">
              <Text size="sm">{t('migration.import.processing')}</Text>
              <Progress value={100} striped animated mt={4} aria-label={t('migration.import.progress')} />
            </div>
          )}
          {phase.kind === 'failed' && (
            <Alert color="red" role="alert" title={t('migration.import.failedTitle')}>
              {phase.message}
            </Alert>
          )}
        </Stack>
      )}
      {phase.kind === 'done' && <ImportReport report={phase.report} />}
    </section>
  );
}

function ImportReport({ report }: { report: ArtstepsImportReport }) {
  const { t } = useTranslation();
  return (
    <Alert color="green" mt="lg" role="status" title={t('migration.import.doneTitle')} data-testid="import-report">
      <Text>{t('migration.import.imported', { count: report.imported })}</Text>
      {report.skipped.length > 0 && (
        <>
          <Text mt="sm" fw={600}>
            {t('migration.import.skipped', { count: report.skipped.length })}
          </Text>
          <List size="sm" mt={4}>
            {report.skipped.map((s, i) => (
              <List.Item key={`${s.file}-${i}`}>
                <Text span ff="monospace" size="sm">
                  {s.file}
                </Text>
                {' — '}
                {t(`migration.import.reasons.${s.reason}`, { max: ARTSTEPS_IMPORT_LIMITS.maxImages })}
              </List.Item>
            ))}
          </List>
        </>
      )}
      <Group mt="md">
        <Button component={Link} to={`/editor/${report.spaceId}`}>
          {t('migration.import.openEditor')}
        </Button>
      </Group>
    </Alert>
  );
}
