import { useIntersection } from '@mantine/hooks';
import { createContext, Suspense, useContext, useEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

/** how far below the screen a chart's place starts loading it: a flick of the thumb ahead */
const CHART_LOAD_MARGIN = '600px 0px';
/** how long printing waits for the charts to be drawn before it prints what is there */
const PRINT_WAIT_MS = 5000;

/** every chart wanted now, wherever its place is (printing): the value `usePrintableCharts` gives */
const AllCharts = createContext(false);
export const AllChartsWanted = AllCharts.Provider;

/**
 * A chart's place on the analytics page (issue 30): kept at the chart's height, so nothing below moves; the chart —
 * and with the first one the charts' code, the panel's largest script and a long task on a phone — comes when the
 * place nears the screen, or when the page is printed.
 */
export function ChartPlace({ height, children }: { height: number; children: ReactNode }) {
  const all = useContext(AllCharts);
  const { ref, entry } = useIntersection<HTMLDivElement>({ rootMargin: CHART_LOAD_MARGIN });
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (entry?.isIntersecting) setNear(true);
  }, [entry?.isIntersecting]);
  const shown = near || all;
  const place = <div ref={shown ? undefined : ref} style={{ height }} data-chart-place aria-hidden />;
  return shown ? <Suspense fallback={place}>{children}</Suspense> : place;
}

/**
 * The report's charts for printing: `print()` draws every chart first (waiting for them, at most PRINT_WAIT_MS),
 * then opens the browser's print; the browser's own print (Ctrl+P) draws those whose code is loaded.
 */
export function usePrintableCharts() {
  const [all, setAll] = useState(false);
  useEffect(() => {
    const drawAll = () => flushSync(() => setAll(true));
    window.addEventListener('beforeprint', drawAll);
    return () => window.removeEventListener('beforeprint', drawAll);
  }, []);
  const print = async () => {
    setAll(true);
    await placesFilled(Date.now() + PRINT_WAIT_MS);
    window.print();
  };
  return { allWanted: all, print };
}

/** resolves once no chart place is waiting for its chart, or at the deadline */
function placesFilled(deadline: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!document.querySelector('[data-chart-place]') || Date.now() > deadline) resolve();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}
