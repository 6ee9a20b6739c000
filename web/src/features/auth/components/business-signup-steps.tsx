import { Stepper } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The business signup steps. Steps 1–2 happen before signing in (/stworz-konto); step 3 — company data —
 * needs a signed-in owner (/stworz-konto/firma → /uzupelnij-konto).
 */
export function BusinessSignupSteps({ active, children }: { active: 0 | 1 | 2 | 3; children: ReactNode }) {
  return (
    <Stepper active={active} size="sm" allowNextStepsSelect={false} orientation="horizontal">
      <Stepper.Step label="Konto" description="E-mail i hasło">
        {active === 0 ? children : null}
      </Stepper.Step>
      <Stepper.Step label="Potwierdź e-mail" description="Link w wiadomości">
        {active === 1 ? children : null}
      </Stepper.Step>
      <Stepper.Step label="Dane firmy" description="Po zalogowaniu">
        {active === 2 ? children : null}
      </Stepper.Step>
      <Stepper.Completed>{children}</Stepper.Completed>
    </Stepper>
  );
}
