// https://vike.dev/onRenderHtml : React 19 rendered to a string on the server, metadata in the head.
import { renderToString } from 'react-dom/server';
import { dangerouslySkipEscape, escapeInject } from 'vike/server';
import type { OnRenderHtmlAsync, PageContextServer } from 'vike/types';
import { PageShell } from './PageShell.tsx';
import { brandColourStyle } from '../src/styles/brand-colours.ts';
import { appleTouchIcon, faviconSvg } from '../src/shared/images.ts';
import { siteImageUrl } from '../src/shared/site-image-url.ts';
import { applySeoOverride, buildHeadTags, type SeoInput } from './seo.ts';
import {
  PAGE_HTML_PLACEHOLDER,
  STYLESHEET_PLACEHOLDER,
  VIKE_BODY_TAGS_PLACEHOLDER,
  VIKE_HEAD_TAGS_PLACEHOLDER,
} from '../src/server/rendering/page-assembly.ts';
import { declaredQuery } from '../src/server/caching/page-reads.ts';

function seoFor(pageContext: PageContextServer): SeoInput {
  const seo = pageContext.config.seo;
  const fallback: SeoInput = { title: pageContext.settings.seoTitle, path: pageContext.urlPathname };
  if (!seo) return fallback;
  return typeof seo === 'function' ? seo(pageContext) : seo;
}

export const onRenderHtml: OnRenderHtmlAsync = async (pageContext) => {
  const { Page } = pageContext;
  // Before the render, which reads it on the server as the browser will (passToClient).
  pageContext.query = declaredQuery(pageContext.urlParsed.search, pageContext.config);
  const pageHtml = Page
    ? renderToString(
        <PageShell pageContext={pageContext}>
          <Page />
        </PageShell>,
      )
    : '';
  const head = buildHeadTags(
    applySeoOverride(seoFor(pageContext), pageContext.seoOverride),
    pageContext.settings,
    pageContext.publicUrl,
  );

  const { inlineStylesheet } = pageContext;
  const documentHtml = escapeInject`<!DOCTYPE html>
<html lang="en" style="${brandColourStyle(pageContext.settings)}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="theme-color" content="${pageContext.settings.brandPrimaryColor}">
    <title>${head.title}</title>
    ${dangerouslySkipEscape(VIKE_HEAD_TAGS_PLACEHOLDER)}
    ${inlineStylesheet ? dangerouslySkipEscape(STYLESHEET_PLACEHOLDER) : ''}
    ${dangerouslySkipEscape(head.tags.join('\n    '))}
    <link rel="icon" href="${siteImageUrl(faviconSvg)}" type="image/svg+xml">
    <link rel="apple-touch-icon" href="${siteImageUrl(appleTouchIcon)}">
  </head>
  <body>
    <div id="root">${dangerouslySkipEscape(PAGE_HTML_PLACEHOLDER)}</div>
    ${dangerouslySkipEscape(VIKE_BODY_TAGS_PLACEHOLDER)}
  </body>
</html>`;
  // The page's body goes in after Vike has written its tags into this much shorter document, and the
  // links Vike writes to the page's stylesheets, whose rules are in the head already, go out
  // (src/server/rendering/page-assembly.ts).
  return { documentHtml, pageContext: { pageHtml } };
};
