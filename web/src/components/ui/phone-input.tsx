import { TextInput, type TextInputProps } from '@mantine/core';

/** What the customer is told next to the phone field: what the number is for, and that nobody checks it. */
export const CUSTOMER_PHONE_HINT =
  'Po tym numerze obsługa znajdzie Twoją kartę przy kasie. Nie sprawdzamy go SMS-em.';

/** The optional phone field of the customer's forms (registration, joining, profile): Polish or foreign. */
export function PhoneInput(props: TextInputProps) {
  return (
    <TextInput
      label="Telefon (opcjonalnie)"
      description={CUSTOMER_PHONE_HINT}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="600 100 200"
      {...props}
    />
  );
}
