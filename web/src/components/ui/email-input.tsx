import { TextInput, type TextInputProps } from '@mantine/core';

/** An e-mail address field: the browser's e-mail semantics and the e-mail keyboard on phones; „E-mail” unless labelled. */
export function EmailInput(props: TextInputProps) {
  return <TextInput label="E-mail" type="email" inputMode="email" autoComplete="email" {...props} />;
}
