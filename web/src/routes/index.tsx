import { Box, Stack } from '@mantine/core';
import { createFileRoute, useLocation } from '@tanstack/react-router';
import { startTransition, useEffect, useState } from 'react';
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

/**
 * The first screen renders at once; the sections below it follow in a transition, which React renders in
 * small slices, so a phone's main thread is never blocked long while the page appears. A link to a section
 * (`/#cennik`) renders everything at once, so the browser can scroll to it.
 */
function useBelowTheFold(): boolean {
  const hasHash = useLocation({ select: (location) => location.hash !== '' });
  const [show, setShow] = useState(hasHash);
  useEffect(() => {
    if (!show) startTransition(() => setShow(true));
  }, [show]);
  return show || hasHash;
}

function HomePage() {
  const belowTheFold = useBelowTheFold();
  return (
    <Stack gap={72} py={{ base: 'xl', sm: 56 }}>
      <LandingHero />
      {belowTheFold ? (
        <>
          <BusinessBenefitsSection />
          <CustomerBenefitsSection />
          <HowItWorksSection />
          <SupportedPhonesSection />
          <PricingSection />
        </>
      ) : (
        // keeps the footer below the fold until the sections arrive (no layout shift)
        <Box mih="100vh" />
      )}
    </Stack>
  );
}
