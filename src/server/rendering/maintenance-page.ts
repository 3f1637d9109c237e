import { palette } from '../../styles/palette.ts';
import type { SiteSettings } from '../../shared/schemas/settings.ts';
import { telHref } from '../../shared/site-content.ts';

export const MAINTENANCE_RETRY_AFTER_SECONDS = 1800;

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The page's own styles: the site's stylesheet may be missing while it is being updated. */
export const MAINTENANCE_STYLESHEET = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:${palette.brandNavy};color:${palette.onDark};min-height:100vh;display:grid;place-items:center;text-align:center;padding:1.5rem}
main{max-width:34rem}
h1{font-size:2rem;margin:0 0 .75rem}
a{display:inline-block;margin-top:1.25rem;background:${palette.orangeDark};color:${palette.onDark};font-weight:700;font-size:1.25rem;padding:.8rem 1.5rem;border-radius:999px;text-decoration:none}
a:focus-visible{outline:3px solid ${palette.focus};outline-offset:3px}
`;

/** What every public page shows while the owner has maintenance mode on: still a way to call. */
export function maintenancePage(settings: SiteSettings): string {
  const company = escapeHtml(settings.companyName);
  const phone = escapeHtml(settings.phoneNumber);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Back soon | ${company}</title>
<style>${MAINTENANCE_STYLESHEET}</style>
</head>
<body>
<main>
<h1>${company}</h1>
<p>Our website is being updated and will be back shortly. We are still working: for service or an emergency, call us.</p>
<a href="${escapeHtml(telHref(settings.phoneNumber))}">Call ${phone}</a>
</main>
</body>
</html>
`;
}
