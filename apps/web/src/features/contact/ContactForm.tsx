import '../../styles/mantine-forms.ts';
import { useMemo } from 'react';
import { Button, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactBody, INQUIRY_TYPES, type ContactBody } from '@atrium/shared/contact/schema';
import { msg } from '../../i18n/msg.ts';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../api/ApiError.ts';
import { QueryScope } from '../../api/QueryScope.tsx';
import { sendContact } from './queries.ts';
import { notify } from '../../notify.ts';
import { countryNames } from './countries.ts';

type FormValues = z.input<typeof contactBody>;
const FIELDS = ['firstName', 'lastName', 'email', 'inquiryType', 'country', 'message', 'company'] as const;

const empty: FormValues = {
  firstName: '',
  lastName: '',
  email: '',
  inquiryType: undefined as unknown as FormValues['inquiryType'],
  country: '',
  message: '',
  company: '',
};

// The home and contact pages fetch nothing else, so the form brings its own query provider.
export function ContactForm(props: { idPrefix?: string; subject?: string }) {
  return (
    <QueryScope>
      <ContactFormInner {...props} />
    </QueryScope>
  );
}

function ContactFormInner({ idPrefix = 'contact', subject }: { idPrefix?: string; subject?: string }) {
  const { t } = useTranslation();
  const countries = useMemo(() => countryNames(), []);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, ContactBody>({ resolver: zodResolver(contactBody), defaultValues: empty });

  const send = useMutation({
    mutationFn: sendContact,
    onSuccess: () => {
      notify.success(msg.contact.sent);
      reset(empty);
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fieldErrors())) {
          if ((FIELDS as readonly string[]).includes(field))
            setError(field as (typeof FIELDS)[number], { message });
        }
        notify.error(error.message, t('contact.errorTitle'));
      } else {
        notify.error(msg.somethingWentWrong);
      }
    },
  });

  const onSubmit = handleSubmit((values) => {
    // The form has no subject field of its own, so a subject travels as the message's first line.
    const message = subject ? `${t('contact.subject', { subject })}\n\n${values.message}` : values.message;
    const body: ContactBody = { ...values, message, company: values.company?.trim() ? values.company : undefined };
    send.mutate(body);
  });

  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('contact.title')}>
      <Stack gap="md">
        {subject && (
          <Text fw={700} data-testid="contact-subject">
            {t('contact.subject', { subject })}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            id={id('firstName')}
            label={t('contact.firstName')}
            withAsterisk
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextInput
            id={id('lastName')}
            label={t('contact.lastName')}
            withAsterisk
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
          <TextInput
            id={id('email')}
            type="email"
            label={t('contact.email')}
            withAsterisk
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <Controller
            control={control}
            name="inquiryType"
            render={({ field }) => (
              <Select
                id={id('inquiryType')}
                label={t('contact.inquiryType')}
                withAsterisk
                placeholder={t('contact.selectPlaceholder')}
                data={INQUIRY_TYPES.map((v) => ({ value: v, label: t(`contact.inquiryTypes.${v}`) }))}
                value={field.value ?? null}
                onChange={(v) => field.onChange(v ?? undefined)}
                onBlur={field.onBlur}
                ref={field.ref}
                name={field.name}
                error={errors.inquiryType?.message}
                allowDeselect={false}
                comboboxProps={{ zIndex: 300 }}
              />
            )}
          />
          <Controller
            control={control}
            name="country"
            render={({ field }) => (
              <Select
                id={id('country')}
                label={t('contact.country')}
                withAsterisk
                searchable
                placeholder={t('contact.selectPlaceholder')}
                nothingFoundMessage="—"
                data={countries}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                name={field.name}
                autoComplete="off"
                error={errors.country?.message}
                comboboxProps={{ zIndex: 300 }}
              />
            )}
          />
          <TextInput
            id={id('company')}
            label={t('contact.company')}
            autoComplete="organization"
            error={errors.company?.message}
            {...register('company')}
          />
        </SimpleGrid>
        <Textarea
          id={id('message')}
          label={t('contact.message')}
          withAsterisk
          minRows={5}
          autosize
          maxRows={12}
          error={errors.message?.message}
          {...register('message')}
        />
        <Button type="submit" size="lg" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('contact.send')}
        </Button>
      </Stack>
    </form>
  );
}
