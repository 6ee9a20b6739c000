import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import {
  BusinessBenefitsSection,
  CustomerBenefitsSection,
} from '../features/landing/components/benefits-sections';
import { HowItWorksSection } from '../features/landing/components/how-it-works-section';
import { LandingHero } from '../features/landing/components/landing-hero';
import { PricingSection } from '../features/landing/components/pricing-section';
import { SupportedPhonesSection } from '../features/landing/components/supported-phones-section';

export const Route = createFileRoute('/')({
  component: HomePage,
});

const sections = [
  LandingHero,
  BusinessBenefitsSection,
  CustomerBenefitsSection,
  HowItWorksSection,
  SupportedPhonesSection,
  PricingSection,
];

/**
 * Rendered to HTML at build time (web/vite.config.ts): the page shows before any JavaScript runs. Each section
 * is its own Suspense boundary, so that React hydrates (adopts) the sections one by one, each in short work
 * of its own, instead of the whole page in one go.
 */
function HomePage() {
  return (
    <Stack gap={72} py={{ base: 'xl', sm: 56 }}>
      {sections.map((Section, i) => (
        // a fixed list: the position is the section's identity (function names do not survive minification)
        <Suspense key={i} fallback={null}>
          <Section />
        </Suspense>
      ))}
    </Stack>
  );
}
