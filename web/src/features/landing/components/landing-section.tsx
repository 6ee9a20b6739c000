import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type LandingSectionProps = {
  /** anchor of the section (`/#jak-to-dziala`); its heading gets `<id>-title` */
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
};

/** One landing page section: an h2 that names the region, an optional lead sentence, the content. */
export function LandingSection({ id, title, intro, children }: LandingSectionProps) {
  return (
    <Stack
      gap="lg"
      id={id}
      component="section"
      aria-labelledby={`${id}-title`}
      style={{ scrollMarginTop: 80 }}
    >
      <Stack gap={6} maw={720}>
        <Title order={2} id={`${id}-title`} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        {intro ? (
          <Text c="dimmed" size="lg">
            {intro}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Stack>
  );
}
