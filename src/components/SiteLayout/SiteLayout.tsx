import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { usePageContext } from '../../../renderer/usePageContext.tsx';
import { navigationLinks, telHref } from '../../shared/site-content.ts';
import { weekdays } from '../../shared/weekdays.ts';
import { siteImageUrl } from '../../shared/site-image-url.ts';
import { HydrationBoundary } from '../HydrationBoundary/HydrationBoundary.tsx';
import * as styles from './SiteLayout.css.ts';
import { formatAddressLine } from '../../shared/postal-address.ts';

/** The scroll-to-top button appears after this much scrolling. */
export const SCROLL_TOP_THRESHOLD_PX = 300;

function PhoneIcon() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
      <path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1l-2.3 2.2z" />
    </svg>
  );
}

function capitalise(day: string) {
  return day.charAt(0).toUpperCase() + day.slice(1);
}

export function SiteLayout({ children }: { children: ReactNode }) {
  const { settings, urlPathname, serviceLinks, footerLine } = usePageContext();
  const [menuOpen, setMenuOpen] = useState(false);
  const [showScrollTop, setShowScrollTop] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const phoneHref = telHref(settings.phoneNumber);

  useEffect(() => {
    const onScroll = () => setShowScrollTop(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const socialLinks = (
    [
      ['Facebook', settings.facebook],
      ['Instagram', settings.instagram],
      ['Twitter', settings.twitter],
      ['LinkedIn', settings.linkedin],
    ] as const
  ).filter(([, href]) => href);
  // Escape closes the open small-screen menu (the disclosure pattern keyboard users expect). Focus in
  // the menu would vanish with it, so it goes back to the toggle that opened it.
  const closeMenuOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  // The footer shows the first two days of business hours.
  const footerHours = weekdays.slice(0, 2);

  return (
    <>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      {/* Escape pressed anywhere in the header (the menu, its toggle) closes the small-screen menu. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <header className={styles.header} onKeyDown={closeMenuOnEscape}>
        <div className={styles.headerInner}>
          <a className={styles.brand} href="/">
            {/* The path itself, not images.ts's constant: that module here would put every picture's
                description into the script every page loads. */}
            <img
              className={styles.brandLogo}
              src={settings.logoUrl || siteImageUrl('/images/favicon.svg')}
              alt=""
              width="32"
              height="32"
            />
            <span className={styles.brandName}>{settings.companyName}</span>
          </a>
          <nav className={styles.desktopNav} aria-label="Main">
            <ul className={styles.navList}>
              {navigationLinks.map((link) => (
                <li key={link.href}>
                  <a
                    className={styles.navLink}
                    href={link.href}
                    aria-current={urlPathname === link.href ? 'page' : undefined}
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <a
            className={styles.bookButton}
            href="/book"
            aria-current={urlPathname === '/book' ? 'page' : undefined}
          >
            Book online
          </a>
          <a className={styles.callButton} href={phoneHref}>
            <PhoneIcon /> <span className={styles.callWord}>Call </span>
            {settings.phoneNumber}
          </a>
          <button
            ref={menuButton}
            type="button"
            className={styles.menuButton}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? 'Close' : 'Menu'}
          </button>
        </div>
        <div id={menuId} className={styles.mobileMenu} hidden={!menuOpen}>
          <nav aria-label="Main, small screens">
            <ul className={styles.mobileNavList}>
              {navigationLinks.map((link) => (
                <li key={link.href}>
                  <a
                    className={styles.navLink}
                    href={link.href}
                    aria-current={urlPathname === link.href ? 'page' : undefined}
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className={styles.emergencyBlock}>
            <p>24/7 emergency plumbing</p>
            <a className={styles.emergencyLink} href={phoneHref}>
              Call {settings.phoneNumber}
            </a>
          </div>
        </div>
      </header>

      <main id="main" className={styles.main} tabIndex={-1}>
        <HydrationBoundary>{children}</HydrationBoundary>
      </main>

      <footer className={styles.footer}>
        <HydrationBoundary>
          <div className={styles.footerGrid}>
            <section aria-labelledby="footer-links">
              <h2 id="footer-links" className={styles.footerHeading}>
                Quick links
              </h2>
              <ul className={styles.footerList}>
                {navigationLinks.map((link) => (
                  <li key={link.href}>
                    <a className={styles.footerLink} href={link.href}>
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="footer-services">
              <h2 id="footer-services" className={styles.footerHeading}>
                Our services
              </h2>
              <ul className={styles.footerList}>
                {serviceLinks.map((service) => (
                  <li key={service.anchor}>
                    <a className={styles.footerLink} href={`/services#${service.anchor}`}>
                      {service.title}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="footer-contact">
              <h2 id="footer-contact" className={styles.footerHeading}>
                Contact
              </h2>
              <ul className={styles.footerList}>
                <li>
                  Emergency:{' '}
                  <a className={styles.footerLink} href={phoneHref}>
                    {settings.phoneNumber}
                  </a>
                </li>
                {settings.email && (
                  <li>
                    <a className={styles.footerLink} href={`mailto:${settings.email}`}>
                      {settings.email}
                    </a>
                  </li>
                )}
                {formatAddressLine(settings) && <li>{formatAddressLine(settings)}</li>}
                {footerHours.map((day) => (
                  <li key={day}>
                    {capitalise(day)}: {settings.businessHours[day]}
                  </li>
                ))}
              </ul>
            </section>
            {socialLinks.length > 0 && (
              <section aria-labelledby="footer-social">
                <h2 id="footer-social" className={styles.footerHeading}>
                  Follow us
                </h2>
                <ul className={styles.footerList}>
                  {socialLinks.map(([label, href]) => (
                    <li key={label}>
                      <a className={styles.footerLink} href={href} rel="noopener noreferrer" target="_blank">
                        {label}
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
        </HydrationBoundary>
        {settings.logoUrl && <img className={styles.footerLogo} src={settings.logoUrl} alt="" />}
        <p className={styles.footerBottom}>
          © {new Date().getFullYear()} {settings.companyName}. {footerLine}
        </p>
      </footer>

      <a
        className={styles.floatingCall}
        href={phoneHref}
        aria-label={`Call ${settings.companyName} at ${settings.phoneNumber}`}
      >
        <PhoneIcon />
      </a>
      {showScrollTop && (
        <button
          type="button"
          className={styles.scrollTop}
          aria-label="Scroll to top"
          onClick={() =>
            window.scrollTo({
              top: 0,
              behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
            })
          }
        >
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
            <path d="M12 5l7 7-1.4 1.4L13 8.8V20h-2V8.8l-4.6 4.6L5 12z" />
          </svg>
        </button>
      )}
    </>
  );
}
