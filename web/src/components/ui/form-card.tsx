import { Card, Stack, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

/**
 * A form on its own card: the heading (h2, h4-sized) over the fields, the form named by `label` for assistive
 * technology. With `titleId` the card is a section landmark named by its heading. `before` stands in the card
 * before the form (a leave guard's dialog).
 */
export function FormCard({
  title,
  label,
  onSubmit,
  titleId,
  before,
  children,
}: {
  title: ReactNode;
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  titleId?: string;
  before?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" component={titleId ? 'section' : 'div'} aria-labelledby={titleId}>
      {before}
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        <Stack gap="md">
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          {children}
        </Stack>
      </form>
    </Card>
  );
}
