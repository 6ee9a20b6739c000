import { ColorInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { ChangeEvent } from 'react';
import type { AddressContactValues, BrandingValues } from '../utils/company-form';
import { EmailInput } from '../../../../components/ui/email-input';

/** What the field groups need of a useZodForm (lib/form) whose values include their keys. */
type FieldsForm<K extends string> = {
  values: { [key in K]: unknown };
  errors: Record<string, string>;
  setFieldValue: (name: K, value: string) => void;
  getInputProps: (name: K) => {
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    error: string | undefined;
    name: string;
  };
};

/** Address (required: part of "configured") and optional contact details. */
export function AddressContactFieldset({ form }: { form: FieldsForm<keyof AddressContactValues> }) {
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Adres
      </Title>
      <TextInput
        label="Ulica i numer"
        autoComplete="street-address"
        required
        {...form.getInputProps('street')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="Kod pocztowy"
          placeholder="00-000"
          autoComplete="postal-code"
          inputMode="numeric"
          required
          {...form.getInputProps('postalCode')}
        />
        <TextInput
          label="Miejscowość"
          autoComplete="address-level2"
          required
          {...form.getInputProps('city')}
        />
      </SimpleGrid>
      <Title order={3} size="h5" mt="xs">
        Kontakt (opcjonalnie)
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <EmailInput label="E-mail firmy" {...form.getInputProps('email')} />
        <TextInput
          label="Telefon"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="600 100 200"
          {...form.getInputProps('phone')}
        />
      </SimpleGrid>
      <TextInput
        label="Strona internetowa"
        inputMode="url"
        autoComplete="url"
        placeholder="np. kawiarnia.pl"
        {...form.getInputProps('website')}
      />
    </Stack>
  );
}

const colourFields: Array<{ key: keyof BrandingValues; label: string; description: string }> = [
  { key: 'backgroundColor', label: 'Kolor tła karty', description: 'Tło karty w portfelu' },
  { key: 'foregroundColor', label: 'Kolor tekstu', description: 'Nazwa firmy i saldo' },
  { key: 'labelColor', label: 'Kolor etykiet', description: 'Podpisy pól, np. „PUNKTY”' },
];

const swatches = ['#1f3a5f', '#0b7285', '#2b8a3e', '#5f3dc4', '#c2255c', '#e8590c', '#212529', '#ffffff'];

/** The three card colours, #RRGGBB only (Mantine ColorInput in hex format). */
export function BrandingFieldset({ form }: { form: FieldsForm<keyof BrandingValues> }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      {colourFields.map((field) => (
        <ColorInput
          key={field.key}
          label={field.label}
          description={field.description}
          format="hex"
          swatches={swatches}
          swatchesPerRow={8}
          withEyeDropper={false}
          fixOnBlur={false}
          maxLength={7}
          name={field.key}
          value={String(form.values[field.key] ?? '')}
          onChange={(value) => form.setFieldValue(field.key, value)}
          error={form.errors[field.key]}
          popoverProps={{ withinPortal: true }}
        />
      ))}
    </SimpleGrid>
  );
}
