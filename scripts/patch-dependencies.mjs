// Run by npm after every install (package.json "postinstall"): mends, in the installed packages, what
// costs this site measurably and has no setting. Each mend names the exact text it replaces; when an
// update has changed that text, the mend is skipped with a warning, and the test beside this script
// fails, so that whoever updated the package looks again.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** What one mend changes in one installed file. */
export const mends = [
  // Vike counts calls per name to catch an infinite loop, and its server names each request: every
  // render walked the trackers of every request of the last five seconds, so a render cost more the
  // more renders there were a second (a tenth of each render at 500 a second). Mended, it ends the
  // caller's own tracker exactly as before and sweeps the others once a second.
  {
    package: 'vike',
    file: 'dist/utils/catchInfiniteLoop.js',
    marker: '/* mended by scripts/patch-dependencies.mjs */',
    original: `const trackers = {};
const maxCalls = 99;
const time = 5 * 1000;
function catchInfiniteLoop(functionName) {
    // Init
    const now = new Date().getTime();
    // Clean all outdated trackers
    Object.keys(trackers).forEach((key) => {
        const tracker = trackers[key];
        const elapsedTime = now - tracker.startTime;
        if (elapsedTime > time)
            delete trackers[key];
    });
`,
    replacement: `const trackers = {};
const maxCalls = 99;
const time = 5 * 1000;
/* mended by scripts/patch-dependencies.mjs */
let sweptAt = 0;
function catchInfiniteLoop(functionName) {
    // Init
    const now = new Date().getTime();
    // Clean this name's tracker when outdated, as before; the other outdated ones once a second.
    const own = trackers[functionName];
    if (own && now - own.startTime > time)
        delete trackers[functionName];
    if (now - sweptAt >= 1000) {
        sweptAt = now;
        Object.keys(trackers).forEach((key) => {
            const tracker = trackers[key];
            const elapsedTime = now - tracker.startTime;
            if (elapsedTime > time)
                delete trackers[key];
        });
    }
`,
  },
  // Vike copies a page context's properties with their descriptors (some are getters) several times
  // per render, each time through Object.getOwnPropertyDescriptors and Object.defineProperties: 8% of
  // a fresh render, as the copies become slow dictionary objects. Mended, a plain data property is
  // assigned and only the others are defined, which gives the same object.
  {
    package: 'vike',
    file: 'dist/utils/objectAssign.js',
    marker: '/* mended by scripts/patch-dependencies.mjs */',
    original: `    Object.defineProperties(obj, Object.getOwnPropertyDescriptors(objAddendum));
`,
    replacement: `    /* mended by scripts/patch-dependencies.mjs */
    for (const key of Reflect.ownKeys(objAddendum)) {
        const descriptor = Reflect.getOwnPropertyDescriptor(objAddendum, key);
        const existing = Reflect.getOwnPropertyDescriptor(obj, key);
        if (key !== '__proto__' && isPlainData(descriptor) && (!existing || isPlainData(existing)))
            obj[key] = descriptor.value;
        else
            Object.defineProperty(obj, key, descriptor);
    }
}
function isPlainData(descriptor) {
    return 'value' in descriptor && descriptor.writable && descriptor.enumerable && descriptor.configurable;
`,
  },
  // Vike writes what a page passes to the browser with this serializer, whose replacer copies the
  // property path of every value into a new array, copies its list of types, and tries each type on
  // every value: 8% of a fresh render of the home page, and much of its garbage. Most pages pass plain
  // JSON: strings not starting with "!", finite numbers, booleans, null, plain objects and arrays.
  // Mended, a value found to hold nothing else is written by JSON.stringify alone, which gives the same
  // text (a plain object holding a toJSON function is not plain), and anything else goes the original
  // way.
  {
    package: '@brillout/json-serializer',
    file: 'dist/stringify.js',
    marker: '/* mended by scripts/patch-dependencies.mjs */',
    original: `function stringify(value, { forbidReactElements, space, valueName, sortObjectKeys, replacer: replacerUserProvided, htmlScriptSafe = true, } = {}) {
`,
    replacement: `/* mended by scripts/patch-dependencies.mjs */
function isPlainJson(value, depth) {
    switch (typeof value) {
        case 'string':
            return value.charCodeAt(0) !== 33 /* ! */;
        case 'number':
            return Number.isFinite(value);
        case 'boolean':
            return true;
        case 'object': {
            if (value === null)
                return true;
            // Deeper than any page context: a cycle, say, which the original way reports.
            if (depth > 64)
                return false;
            if (Array.isArray(value)) {
                for (let index = 0; index < value.length; index++)
                    if (!isPlainJson(value[index], depth + 1))
                        return false;
                return true;
            }
            const prototype = Object.getPrototypeOf(value);
            if ((prototype !== Object.prototype && prototype !== null) || '$$typeof' in value)
                return false;
            const keys = Object.keys(value);
            for (let index = 0; index < keys.length; index++)
                if (!isPlainJson(value[keys[index]], depth + 1))
                    return false;
            return true;
        }
        default:
            return false;
    }
}
function stringify(value, options = {}) {
    if (!options.replacer && !options.sortObjectKeys && isPlainJson(value, 0))
        return escapeForHtmlScript(JSON.stringify(value, undefined, options.space), options.htmlScriptSafe ?? true);
    return stringifyAnyValue(value, options);
}
function escapeForHtmlScript(serialized, htmlScriptSafe) {
    if (htmlScriptSafe) {
        if (htmlScriptSafe === true || htmlScriptSafe.escapeScripts !== false) {
            serialized = serialized.replaceAll('<', '\\\\u003c');
        }
        if (htmlScriptSafe === true || htmlScriptSafe.escapeURLs !== false) {
            serialized = serialized.replaceAll('/', '\\\\/');
        }
    }
    return serialized;
}
function stringifyAnyValue(value, { forbidReactElements, space, valueName, sortObjectKeys, replacer: replacerUserProvided, htmlScriptSafe = true, } = {}) {
`,
  },
  // Vike parses the URL again for every read of pageContext.urlPathname or urlParsed (a dozen a render:
  // routing, the layout, the head, the page context's JSON): 2.8% of a fresh render. Mended, each page
  // context object keeps its last parse with the properties it was made from, and hands out a new copy
  // of it (search parameters too) while those are unchanged.
  {
    package: 'vike',
    file: 'dist/shared-server-client/getPageContextUrlComputed.js',
    marker: '/* mended by scripts/patch-dependencies.mjs */',
    original: `function getUrlParsed(pageContext) {
`,
    replacement: `/* mended by scripts/patch-dependencies.mjs */
const urlsParsed = new WeakMap();
function getUrlParsed(pageContext) {
    const inputs = [pageContext.urlLogical, pageContext._urlRewrite, pageContext.urlOriginal, pageContext._urlHandler, pageContext._baseServer];
    let known = urlsParsed.get(pageContext);
    if (!known || known.inputs.some((input, index) => input !== inputs[index])) {
        known = { inputs, urlParsed: getUrlParsedAfresh(pageContext) };
        urlsParsed.set(pageContext, known);
    }
    const { search, searchAll } = known.urlParsed;
    const searchAllCopy = {};
    for (const key of Object.keys(searchAll))
        searchAllCopy[key] = [...searchAll[key]];
    return { ...known.urlParsed, search: { ...search }, searchAll: searchAllCopy };
}
function getUrlParsedAfresh(pageContext) {
`,
  },
  // In production Vike looks a page's assets up in the build's manifest for every render, though they
  // follow from the page's client entries and dependencies alone: 2.5% of a fresh render. Mended, the
  // list is kept per manifest and per those inputs, and each render gets its own copy of it.
  {
    package: 'vike',
    file: 'dist/server/runtime/renderPageServer/getPageAssets.js',
    marker: '/* mended by scripts/patch-dependencies.mjs */',
    original: `async function getPageAssets(pageContext, clientDependencies, clientEntries) {
`,
    replacement: `/* mended by scripts/patch-dependencies.mjs */
const pageAssetsPerManifest = new WeakMap();
async function getPageAssets(pageContext, clientDependencies, clientEntries) {
    const { _isProduction: isProduction, assetsManifest } = pageContext._globalContext;
    if (!isProduction || typeof assetsManifest !== 'object' || assetsManifest === null)
        return getPageAssetsAfresh(pageContext, clientDependencies, clientEntries);
    let known = pageAssetsPerManifest.get(assetsManifest);
    if (!known) {
        known = new Map();
        pageAssetsPerManifest.set(assetsManifest, known);
    }
    const key = JSON.stringify([clientDependencies, clientEntries, pageContext._baseAssets || pageContext._baseServer]);
    let pageAssets = known.get(key);
    if (!pageAssets) {
        pageAssets = await getPageAssetsAfresh(pageContext, clientDependencies, clientEntries);
        known.set(key, pageAssets);
    }
    return pageAssets.map((pageAsset) => ({ ...pageAsset }));
}
async function getPageAssetsAfresh(pageContext, clientDependencies, clientEntries) {
`,
  },
  // Vike's router parses every page's route string and compiles it to a regular expression for every
  // request: 2.8% of a fresh render. Mended, each route string is parsed and compiled once.
  {
    package: 'vike',
    file: 'dist/shared-server-client/route/resolveRouteString.js',
    marker: '/* mended by scripts/patch-dependencies.mjs */',
    original: `function resolveRouteString(routeString, urlPathname) {
    assertRouteString(routeString);
    const segments = parseRouteString(routeString);
    const routeRegexStrInner = segments
        .map((segment) => {
        if (segment.param) {
            return '[^/]+';
        }
        if (segment.glob) {
            return '.*';
        }
        // segment.static
        return escapeRegex(segment.static);
    })
        .map((s) => \`(\${s})\`)
        .join('');
    const routeRegex = new RegExp(\`^\${routeRegexStrInner}/?$\`);
`,
    replacement: `/* mended by scripts/patch-dependencies.mjs */
const routeRegexes = new Map();
function routeRegexOf(routeString) {
    assertRouteString(routeString);
    const segments = parseRouteString(routeString);
    const routeRegexStrInner = segments
        .map((segment) => {
        if (segment.param) {
            return '[^/]+';
        }
        if (segment.glob) {
            return '.*';
        }
        // segment.static
        return escapeRegex(segment.static);
    })
        .map((s) => \`(\${s})\`)
        .join('');
    const routeRegex = new RegExp(\`^\${routeRegexStrInner}/?$\`);
    return { segments, routeRegex };
}
function resolveRouteString(routeString, urlPathname) {
    // Parsed and compiled once per route string; an invalid one throws each time, as before.
    let known = routeRegexes.get(routeString);
    if (!known) {
        known = routeRegexOf(routeString);
        if (routeRegexes.size < 1000)
            routeRegexes.set(routeString, known);
    }
    const { segments, routeRegex } = known;
`,
  },
  // Vike makes a whole page context for every request only to hand it to its request logger, which is
  // not set in production: 0.9% of a fresh render. Mended, nothing is made when nothing logs.
  {
    package: 'vike',
    file: 'dist/server/runtime/renderPageServer.js',
    marker: '/* mended by scripts/patch-dependencies.mjs */',
    original: `function logHttpRequest(urlOriginal, pageContextInit, requestId) {
    const pageContext = createPageContextServerWithoutGlobalContext(pageContextInit, requestId);
`,
    replacement: `function logHttpRequest(urlOriginal, pageContextInit, requestId) {
    /* mended by scripts/patch-dependencies.mjs */
    if (!logRuntimeInfo)
        return;
    const pageContext = createPageContextServerWithoutGlobalContext(pageContextInit, requestId);
`,
  },
  // For every render Vike checks the asset entries it has just made itself, building each check's
  // message (colours and all) whether it fails or not: 1.1% of a fresh render. The same check still
  // runs after a user's injectFilter (assertInjectFilterUsage). Mended, the check of its own entries
  // runs in development only.
  {
    package: 'vike',
    file: 'dist/server/runtime/renderPageServer/html/injectAssets/getHtmlTags.js',
    marker: '/* mended by scripts/patch-dependencies.mjs */',
    original: `    assertInjectFilterEntries(injectFilterEntries);
`,
    replacement: `    /* mended by scripts/patch-dependencies.mjs */
    if (!isProduction)
        assertInjectFilterEntries(injectFilterEntries);
`,
  },
  // Vike copies the whole page context for each request to check its base URL and to normalise its
  // URL, and throws both copies away when neither has anything to say, which is every render here:
  // about 1% of a fresh render. Mended, the copy is made only when it is answered with.
  {
    package: 'vike',
    file: 'dist/server/runtime/renderPageServer.js',
    marker: '/* mended by scripts/patch-dependencies.mjs: copies made when needed */',
    original: `    const pageContext = fork(pageContextBegin);
    const { trailingSlash, disableUrlNormalization } = globalContext.config;
    if (disableUrlNormalization)
        return null;
    const { urlOriginal } = pageContext;
    const { isPageContextJsonRequest } = handlePageContextRequestUrl(urlOriginal);
    if (isPageContextJsonRequest)
        return null;
    const urlNormalized = normalizeUrlPathname(urlOriginal, trailingSlash ?? false, globalContext.baseServer);
    if (!urlNormalized)
        return null;
`,
    replacement: `    /* mended by scripts/patch-dependencies.mjs: copies made when needed */
    const { trailingSlash, disableUrlNormalization } = globalContext.config;
    if (disableUrlNormalization)
        return null;
    const { urlOriginal } = pageContextBegin;
    const { isPageContextJsonRequest } = handlePageContextRequestUrl(urlOriginal);
    if (isPageContextJsonRequest)
        return null;
    const urlNormalized = normalizeUrlPathname(urlOriginal, trailingSlash ?? false, globalContext.baseServer);
    if (!urlNormalized)
        return null;
    const pageContext = fork(pageContextBegin);
`,
  },
  {
    package: 'vike',
    file: 'dist/server/runtime/renderPageServer.js',
    marker: '/* mended by scripts/patch-dependencies.mjs: a copy made when needed */',
    original: `    const pageContext = fork(pageContextBegin);
    const { baseServer } = globalContext;
    const { urlOriginal } = pageContext;
    const { isBaseMissing } = parseUrl(urlOriginal, baseServer);
    if (!isBaseMissing)
        return;
`,
    replacement: `    /* mended by scripts/patch-dependencies.mjs: a copy made when needed */
    const { baseServer } = globalContext;
    const { urlOriginal } = pageContextBegin;
    const { isBaseMissing } = parseUrl(urlOriginal, baseServer);
    if (!isBaseMissing)
        return;
    const pageContext = fork(pageContextBegin);
`,
  },
  // Vike runs each render inside an AsyncLocalStorage, only so that `getPageContext()` from vike/server
  // and its development logs can find the request under way. On Node 20 one AsyncLocalStorage in use
  // puts a hook on every promise the process makes, the database's and the web server's included: 8% of
  // a fresh render of the home page (alternated with the unmended server, 8 pairs of runs). The site
  // never calls `getPageContext()` (eslint.config.js forbids it); mended, production makes none, and
  // Vike takes the way it already has for a runtime without async_hooks.
  {
    package: 'vike',
    file: 'dist/server/runtime/asyncHook.js',
    marker: '/* mended by scripts/patch-dependencies.mjs */',
    original: `async function install() {
    let mod;
`,
    replacement: `async function install() {
    /* mended by scripts/patch-dependencies.mjs */
    if (process.env.NODE_ENV === 'production')
        return;
    let mod;
`,
  },
];

/**
 * Applies each mend under `nodeModules` that is not applied yet.
 * @param {string} nodeModules
 * @returns {{ package: string; outcome: 'applied' | 'already' | 'changed upstream' }[]}
 */
export function applyMends(nodeModules) {
  return mends.map((mend) => {
    const path = `${nodeModules}/${mend.package}/${mend.file}`;
    let text;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      return { package: mend.package, outcome: 'changed upstream' };
    }
    if (text.includes(mend.marker)) return { package: mend.package, outcome: 'already' };
    if (!text.includes(mend.original)) return { package: mend.package, outcome: 'changed upstream' };
    writeFileSync(
      path,
      text.replace(mend.original, () => mend.replacement),
    );
    return { package: mend.package, outcome: 'applied' };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const { package: name, outcome } of applyMends(
    fileURLToPath(new URL('../node_modules', import.meta.url)),
  ))
    if (outcome === 'changed upstream')
      console.warn(`patch-dependencies: ${name} has changed; its mend no longer applies (see this script).`);
}
