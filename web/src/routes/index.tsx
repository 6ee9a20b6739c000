import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PrerenderedIsland } from '../components/ui/prerendered-island';
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
 * Rendered to HTML at build time (web/vite.config.ts): the page shows before any JavaScript runs. The sections
 * are static content, so when the browser adopts that page React leaves their markup as it is
 * (PrerenderedIsland) and hydrates only the app around them (header, menu, overlays).
 */
function HomePage() {
  return (
    <Stack gap={72} py={{ base: 'xl', sm: 56 }}>
      {sections.map((Section, i) => (
        // a fixed list: the position is the section's identity (function names do not survive minification)
        <PrerenderedIsland key={i}>
          <Section />
        </PrerenderedIsland>
      ))}
    </Stack>
  );
}
