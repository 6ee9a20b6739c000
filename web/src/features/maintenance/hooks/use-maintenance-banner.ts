import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { maintenanceStatusQueryOptions } from '../api/get-maintenance-status';
import { maintenanceBannerDismissal as dismissal } from './banner-dismissal';

/** Banner visible while maintenanceMode is true and the person has not closed it this session. */
export function useMaintenanceBanner() {
  const { data } = useQuery(maintenanceStatusQueryOptions());
  const maintenanceMode = data?.maintenanceMode;
  const [dismissed, setDismissed] = useState(() => dismissal.isDismissed());

  useEffect(() => {
    if (maintenanceMode === false) {
      dismissal.reset();
      setDismissed(false);
    }
  }, [maintenanceMode]);

  const dismiss = useCallback(() => {
    dismissal.dismiss();
    setDismissed(true);
  }, []);

  return { visible: maintenanceMode === true && !dismissed, dismiss };
}
