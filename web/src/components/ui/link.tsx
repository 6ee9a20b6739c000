import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

/** Mantine components rendered as type-safe TanStack Router links. */

type AnchorElementProps = AnchorProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof AnchorProps> & { ref?: Ref<HTMLAnchorElement> };

function MantineAnchor(props: AnchorElementProps) {
  return <Anchor {...props} />;
}

type ButtonElementProps = ButtonProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof ButtonProps> & { ref?: Ref<HTMLAnchorElement> };

function MantineButtonAnchor(props: ButtonElementProps) {
  return <Button component="a" {...props} />;
}

const CreatedAnchorLink = createLink(MantineAnchor);
const CreatedButtonLink = createLink(MantineButtonAnchor);

export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => (
  <CreatedAnchorLink preload="intent" {...props} />
);

export const ButtonLink: LinkComponent<typeof MantineButtonAnchor> = (props) => (
  <CreatedButtonLink preload="intent" {...props} />
);
