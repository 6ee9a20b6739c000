import { AnalyticsPreset, type AnalyticsQuery } from '@punkto/contracts/analytics';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { analyticsQueryOptions } from './get-analytics';

/** The presets a switch of the period control can ask for (a custom range needs its own dates). */
const PRESETS = AnalyticsPreset.options.filter((preset) => preset !== 'custom');

/**
 * Once the shown period's figures have arrived, fetch the other presets of the same program and segment into the
 * query cache (the server answers one in tens of milliseconds), so switching the period control answers from the
 * cache instead of a round trip. Nothing is fetched before the shown figures, so they never wait for these.
 */
export function usePrefetchOtherPresets(tenantId: string, shown: AnalyticsQuery, shownReady: boolean): void {
  const queryClient = useQueryClient();
  const { loyaltyProgramId, customerSegment } = shown;
  useEffect(() => {
    if (!shownReady) return;
    for (const preset of PRESETS) {
      if (preset === shown.preset) continue;
      const query: AnalyticsQuery = {
        preset,
        ...(loyaltyProgramId && { loyaltyProgramId }),
        ...(customerSegment && { customerSegment }),
      };
      void queryClient.prefetchQuery(analyticsQueryOptions(tenantId, query));
    }
  }, [queryClient, tenantId, shown.preset, loyaltyProgramId, customerSegment, shownReady]);
}
