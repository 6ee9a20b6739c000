import type { FormEventHandler, ReactNode, RefObject } from 'react';

type PasswordFormProps = {
  /** useZodForm's `formRef`: takes over what was typed before the app adopted the rendered page */
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** the accessible name of the form */
  label: string;
  children: ReactNode;
};

/**
 * A form that carries a password on a page rendered at build time (sign-in, registration): sent by the app
 * (onSubmit); should the app not load at all, a plain POST keeps the password out of the address.
 */
export function PasswordForm({ formRef, onSubmit, label, children }: PasswordFormProps) {
  return (
    <form ref={formRef} method="post" onSubmit={onSubmit} noValidate aria-label={label}>
      {children}
    </form>
  );
}
