let markStarted: () => void = () => {};

/**
 * Settles once the app has committed its first render in the browser (rendered the page, or adopted the
 * build's markup). The landing page waits on it to pass on a click made before the app was there.
 */
export const appStarted = new Promise<void>((resolve) => {
  markStarted = resolve;
});

/** Called by the app's root after its first commit (App's `onStarted`). */
export const markAppStarted = (): void => markStarted();
