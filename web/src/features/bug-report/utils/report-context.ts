/**
 * What a bug report carries automatically (SPEC §2): the page and the browser. Who sent it (user id, role,
 * tenantId) is added by the notification service from the access token, so it cannot be forged.
 */
export type BrowserContext = {
  page: string;
  userAgent: string;
  viewport: { width: number; height: number };
  language: string;
};

export function collectReportContext(win: {
  location: { href: string };
  navigator: { userAgent: string; language: string };
  innerWidth: number;
  innerHeight: number;
}): BrowserContext {
  return {
    page: win.location.href,
    userAgent: win.navigator.userAgent,
    viewport: { width: Math.round(win.innerWidth), height: Math.round(win.innerHeight) },
    language: win.navigator.language,
  };
}

/** SPEC §2: the floating button sits bottom-left on the home page and bottom-right everywhere else. */
export function widgetSide(pathname: string): 'left' | 'right' {
  return pathname === '/' || pathname === '' ? 'left' : 'right';
}
