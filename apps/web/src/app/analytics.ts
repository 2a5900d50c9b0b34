type DataLayerWindow = Window & { dataLayer?: Record<string, unknown>[] };

let loadedFor: string | null = null;

/** Loads Google Tag Manager once for the tenant's container (gtmSource: a first-party tagging server, if any). */
export function loadTagManager(gtmId: string, source?: string | null): void {
  if (loadedFor === gtmId || typeof document === 'undefined') return;
  loadedFor = gtmId;
  const w = window as DataLayerWindow;
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const base = (source ?? 'https://www.googletagmanager.com').replace(/\/+$/, '').replace(/\/gtm\.js$/, '');
  const script = document.createElement('script');
  script.async = true;
  script.src = `${base}/gtm.js?id=${encodeURIComponent(gtmId)}`;
  document.head.appendChild(script);
}

/** One page view per navigation, after the page title is set. */
export function trackPageView(o: { path: string; title: string; locale: string }): void {
  const w = window as DataLayerWindow;
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({
    event: 'page_view',
    page_path: o.path,
    page_title: o.title,
    page_location: window.location.href,
    language: o.locale,
  });
}
