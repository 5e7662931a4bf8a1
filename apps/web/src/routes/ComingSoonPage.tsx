import '../styles/mantine-forms.ts';
import { Button, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { comingSoonBody, type ComingSoonBody } from '@atrium/shared/contact/schema';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../api/ApiError.ts';
import { subscribeComingSoon } from '../features/contact/queries.ts';
import { Illustration } from '../components/Illustration.tsx';
import { notify } from '../notify.ts';
import classes from './Page.module.css';

export default function ComingSoonPage() {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ComingSoonBody>({ resolver: zodResolver(comingSoonBody), defaultValues: { email: '' } });

  const subscribe = useMutation({
    mutationFn: subscribeComingSoon,
    onSuccess: (res) => {
      // Already on the list is not an error: the server says so in a friendly message.
      notify.success(res.message);
      reset({ email: '' });
    },
    onError: (error) => {
      const field = error instanceof ApiError ? error.fieldErrors().email : undefined;
      if (field) setError('email', { message: field });
      else notify.error(error.message);
    },
  });

  return (
    <Container className={classes.contactGrid} pt={64}>
      <Stack justify="center" gap="lg">
        <Title order={1} className={classes.title}>
          {t('comingSoon.title')}
        </Title>
        <Text size="xl" c="dark.4">
          {t('comingSoon.text')}
        </Text>
        <form onSubmit={handleSubmit((v) => subscribe.mutate(v))} noValidate>
          <Group align="flex-start" gap="sm">
            <TextInput
              type="email"
              label={t('comingSoon.email')}
              placeholder={t('comingSoon.placeholder')}
              autoComplete="email"
              withAsterisk
              size="md"
              style={{ flex: '1 1 260px' }}
              error={errors.email?.message}
              {...register('email')}
            />
            <Button type="submit" size="md" mt={27} loading={subscribe.isPending}>
              {t('comingSoon.submit')}
            </Button>
          </Group>
        </form>
        <Button component={Link} to="/" variant="subtle" style={{ alignSelf: 'flex-start' }}>
          {t('comingSoon.back')}
        </Button>
      </Stack>
      <Illustration name="pavilion" alt="" eager />
    </Container>
  );
}
