let listening = false;

/**
 * Counts a tap on any phone link of the page (header, floating button, hero, offers, footer, menu,
 * contact page): one listener on the document, so links rendered later count too. sendBeacon posts the
 * page's path to this site only, survives the page handing over to the phone app, and sets nothing on
 * the device.
 */
export function countCallTaps(): void {
  if (listening || typeof navigator.sendBeacon !== 'function') return;
  listening = true;
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('a[href^="tel:"]')) navigator.sendBeacon('/api/analytics/call', location.pathname);
    },
    { capture: true },
  );
}
