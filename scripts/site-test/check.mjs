// Loads the bitbench results site in headless Chromium and checks what a reader would see.
//
// usage: node check.mjs SITE_DIR SCREENSHOT_PNG
//
// Fails (exit status 1, one line per problem) unless:
// - the overview (index.html), opened 1280 and 390 px wide, has a link to every family of the
//   records copied into SITE_DIR/records/, each visible (not hidden, inside the window's
//   width), and every such link opens the family's page;
// - each family page has, for every CPU whose record measured the family, a non-empty ranked
//   <table> (data-cpu = the CPU brand, data-family = the family), and every CPU page linked
//   from the overview loads;
// - no page asks for anything outside the site's folder (no network at all);
// - every <img> of every page loaded, with a non-zero natural width and height and alt text;
// - every link to a raw record points at a file in the site;
// - no page scrolls sideways, 1280 or 390 px wide (wide tables scroll in their own box);
// - no page is larger than 1 MiB of HTML.
// Screenshots of the overview are saved to SCREENSHOT_PNG (1280 px, full page) and beside it
// with `-390` before the extension (390 px), either way.

import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL, fileURLToPath } from 'node:url';

const [siteArg, screenshotArg] = process.argv.slice(2);
if (!siteArg || !screenshotArg) {
  console.error('usage: node check.mjs SITE_DIR SCREENSHOT_PNG');
  process.exit(2);
}
const site = path.resolve(siteArg);
const screenshot = path.resolve(screenshotArg);
const narrowShot = screenshot.replace(/(\.png)?$/, '-390.png');
const index = path.join(site, 'index.html');
const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
const WIDE = { width: 1280, height: 900 };
// A phone's width: no page may scroll sideways there either.
const NARROW = { width: 390, height: 900 };
const MAX_PAGE_BYTES = 1024 * 1024;

/// Every file under `dir` whose name ends with `suffix`, recursively.
function filesUnder(dir, suffix) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full, suffix);
    return entry.name.endsWith(suffix) ? [full] : [];
  });
}

/// Per family, the CPU brands whose records measured it, from the records themselves rather
/// than from the pages.
function expectedFamilies() {
  const families = new Map();
  // Records are stored gzip-compressed (`.json.gz`); older ones are plain `.json`.
  const records = path.join(site, 'records');
  for (const file of [...filesUnder(records, '.json'), ...filesUnder(records, '.json.gz')]) {
    const bytes = fs.readFileSync(file);
    const text = file.endsWith('.gz') ? zlib.gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
    const record = JSON.parse(text);
    const brand = record.machine.cpu.brand;
    for (const m of record.measurements) {
      if (!families.has(m.family)) families.set(m.family, new Set());
      families.get(m.family).add(brand);
    }
  }
  return families;
}

const problems = [];
const families = expectedFamilies();
if (families.size === 0) problems.push(`no records found under ${path.join(site, 'records')}`);
for (const file of filesUnder(site, '.html')) {
  const bytes = fs.statSync(file).size;
  if (bytes > MAX_PAGE_BYTES) problems.push(`${path.relative(site, file)} is ${bytes} bytes`);
}

/// What a page shows: its images, ranked tables, links, and how wide it is at each width.
async function visit(page, file, { shots } = {}) {
  await page.setViewportSize(WIDE);
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  // Images below the fold load lazily: load them all now, then wait for every one.
  await page.evaluate(() => {
    for (const img of document.images) img.loading = 'eager';
  });
  await page.waitForFunction(() => [...document.images].every((img) => img.complete), null, {
    timeout: 30_000,
  });
  const facts = await page.evaluate(() => ({
    title: document.title,
    images: [...document.images].map((img) => ({
      src: img.getAttribute('src'),
      alt: img.getAttribute('alt'),
      width: img.naturalWidth,
      height: img.naturalHeight,
    })),
    tables: [...document.querySelectorAll('table.ranked')].map((t) => ({
      cpu: t.dataset.cpu,
      family: t.dataset.family,
      rows: t.tBodies[0] ? t.tBodies[0].rows.length : 0,
    })),
    recordLinks: [...document.querySelectorAll('a[href$=".json"]')].map((a) => a.href),
  }));
  if (shots) await page.screenshot({ path: shots.wide, fullPage: true });
  facts.widths = [];
  facts.familyLinks = [];
  for (const viewport of [WIDE, NARROW]) {
    await page.setViewportSize(viewport);
    facts.widths.push(
      await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      })),
    );
    // Each family link, and whether a reader can see it at this width.
    facts.familyLinks.push(
      await page.evaluate(() =>
        [...document.querySelectorAll('a.family')].map((a) => {
          const box = a.getBoundingClientRect();
          const shown = box.width > 0 && box.height > 0 && getComputedStyle(a).visibility !== 'hidden';
          return {
            family: a.textContent.trim(),
            href: a.href,
            visible: shown && box.left >= 0 && box.right <= document.documentElement.clientWidth,
          };
        }),
      ),
    );
    if (shots && viewport === NARROW) await page.screenshot({ path: shots.narrow, fullPage: true });
  }
  return facts;
}

/// The problems with one page's facts: images, record links, sideways scrolling.
function pageProblems(name, facts) {
  const found = [];
  for (const img of facts.images) {
    if (!(img.width > 0 && img.height > 0)) {
      found.push(`${name}: image did not load: ${img.src} (${img.width}x${img.height})`);
    }
    if (!img.alt) found.push(`${name}: image without alt text: ${img.src}`);
  }
  for (const href of facts.recordLinks) {
    if (!href.startsWith('file://') || !fs.existsSync(fileURLToPath(href))) {
      found.push(`${name}: link to a missing record: ${href}`);
    }
  }
  for (const { scrollWidth, clientWidth } of facts.widths) {
    if (scrollWidth > clientWidth) {
      found.push(`${name}: scrolls sideways, ${scrollWidth} px wide in a ${clientWidth} px window`);
    }
  }
  return found;
}

const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
let visited = 0;
let images = 0;
try {
  const page = await browser.newPage({ viewport: WIDE });
  const outside = new Set();
  await page.route('**/*', (route) => {
    const url = route.request().url();
    const inside = url.startsWith('file://') && fileURLToPath(url).startsWith(site + path.sep);
    if (inside || url.startsWith('data:')) return route.continue();
    outside.add(url);
    return route.abort();
  });
  page.on('pageerror', (error) => problems.push(`script error on a page: ${error.message}`));

  const overview = await visit(page, index, { shots: { wide: screenshot, narrow: narrowShot } });
  visited += 1;
  images += overview.images.length;
  problems.push(...pageProblems('index.html', overview));

  // Every family reachable from the overview, at both widths.
  const familyPages = new Map();
  for (const [i, links] of overview.familyLinks.entries()) {
    const width = [WIDE, NARROW][i].width;
    for (const family of families.keys()) {
      const link = links.find((l) => l.family === family);
      if (!link) {
        problems.push(`index.html: no link to the family "${family}"`);
      } else if (!link.visible) {
        problems.push(`index.html: the link to "${family}" is not visible ${width} px wide`);
      } else {
        familyPages.set(family, link.href);
      }
    }
  }
  for (const [family, href] of familyPages) {
    if (!href.startsWith('file://') || !fs.existsSync(fileURLToPath(href))) {
      problems.push(`index.html: the link to "${family}" leads nowhere: ${href}`);
      continue;
    }
    const facts = await visit(page, fileURLToPath(href));
    visited += 1;
    images += facts.images.length;
    const name = path.relative(site, fileURLToPath(href));
    problems.push(...pageProblems(name, facts));
    if (facts.images.length === 0) problems.push(`${name}: no charts`);
    for (const brand of families.get(family)) {
      const tables = facts.tables.filter((t) => t.cpu === brand && t.family === family);
      if (tables.length === 0) {
        problems.push(`${name}: no ranked table for CPU "${brand}"`);
      } else if (tables.some((t) => t.rows === 0)) {
        problems.push(`${name}: an empty ranked table for CPU "${brand}"`);
      }
    }
  }
  // Every CPU page linked from the overview.
  const cpuPages = [];
  await page.goto(pathToFileURL(index).href, { waitUntil: 'load' });
  const cpuLinks = await page.evaluate(() =>
    [...new Set([...document.querySelectorAll('a[href^="cpus/"]')].map((a) => a.href))],
  );
  if (cpuLinks.length === 0) problems.push('index.html: no link to a CPU page');
  for (const href of cpuLinks) {
    if (!href.startsWith('file://') || !fs.existsSync(fileURLToPath(href))) {
      problems.push(`index.html: a link to a CPU page leads nowhere: ${href}`);
      continue;
    }
    const facts = await visit(page, fileURLToPath(href));
    visited += 1;
    cpuPages.push(href);
    problems.push(...pageProblems(path.relative(site, fileURLToPath(href)), facts));
  }
  for (const url of outside) problems.push(`a page requested something outside its folder: ${url}`);

  console.log(
    `site-browser-test: "${overview.title}": ${families.size} families reachable from the ` +
      `overview at ${WIDE.width} and ${NARROW.width} px; ${visited} pages and ${images} images ` +
      `loaded; ${cpuPages.length} CPU pages; screenshots ${screenshot}, ${narrowShot}`,
  );
} finally {
  await browser.close();
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`site-browser-test: FAIL: ${problem}`);
  process.exit(1);
}
console.log('site-browser-test: ok');
