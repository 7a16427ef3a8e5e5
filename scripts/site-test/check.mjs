// Loads the bitbench results site in headless Chromium and checks what a reader would see.
//
// usage: node check.mjs SITE_DIR SCREENSHOT_PNG
//
// Fails (exit status 1, one line per problem) unless:
// - the page loads from disk and asks for nothing outside its folder (no network at all);
// - every <img> loaded, with a non-zero natural width and height;
// - for every CPU and every family of the records copied into SITE_DIR/records/, the page has
//   at least one ranked <table> (data-cpu = the CPU brand, data-family = the family);
// - every link to a raw record points at a file in the site;
// - the page does not scroll sideways, 1280 or 390 px wide (wide tables scroll in their box).
// A full-page screenshot is saved to SCREENSHOT_PNG either way.

import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';

const [siteArg, screenshotArg] = process.argv.slice(2);
if (!siteArg || !screenshotArg) {
  console.error('usage: node check.mjs SITE_DIR SCREENSHOT_PNG');
  process.exit(2);
}
const site = path.resolve(siteArg);
const screenshot = path.resolve(screenshotArg);
const index = path.join(site, 'index.html');
const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
const VIEWPORT = { width: 1280, height: 900 };
// A phone's width: the page must not scroll sideways there either.
const NARROW = { width: 390, height: 900 };

/// Every record JSON under `dir`, recursively.
function recordFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return recordFiles(full);
    return entry.name.endsWith('.json') ? [full] : [];
  });
}

/// The (CPU brand, family) pairs the page must have a ranked table for, from the records
/// themselves rather than from the page.
function expectedTables() {
  const pairs = new Map();
  for (const file of recordFiles(path.join(site, 'records'))) {
    const record = JSON.parse(fs.readFileSync(file, 'utf8'));
    const brand = record.machine.cpu.brand;
    for (const m of record.measurements) {
      pairs.set(JSON.stringify([brand, m.family]), { brand, family: m.family });
    }
  }
  return [...pairs.values()];
}

const problems = [];
const expected = expectedTables();
if (expected.length === 0) problems.push(`no records found under ${path.join(site, 'records')}`);

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
try {
  const page = await browser.newPage({ viewport: VIEWPORT });
  const outside = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    const inside = url.startsWith('file://') && fileURLToPath(url).startsWith(site + path.sep);
    if (inside || url.startsWith('data:')) return route.continue();
    outside.push(url);
    return route.abort();
  });
  page.on('pageerror', (error) => problems.push(`script error on the page: ${error.message}`));

  await page.goto(pathToFileURL(index).href, { waitUntil: 'load' });
  // Images inside closed <details> are loaded too, but wait until every one has settled.
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
    recordLinks: [...document.querySelectorAll('a[href$=".json"]')].map((a) =>
      a.getAttribute('href'),
    ),
  }));

  await page.screenshot({ path: screenshot, fullPage: true });
  const widths = [];
  for (const width of [VIEWPORT.width, NARROW.width]) {
    await page.setViewportSize({ width, height: VIEWPORT.height });
    widths.push(
      await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      })),
    );
  }

  for (const url of outside) problems.push(`the page requested something outside its folder: ${url}`);
  if (facts.images.length === 0) problems.push('the page has no images');
  for (const img of facts.images) {
    if (!(img.width > 0 && img.height > 0)) {
      problems.push(`image did not load: ${img.src} (${img.width}x${img.height})`);
    }
    if (!img.alt) problems.push(`image without alt text: ${img.src}`);
  }
  for (const { brand, family } of expected) {
    const tables = facts.tables.filter((t) => t.cpu === brand && t.family === family);
    if (tables.length === 0) {
      problems.push(`no ranked table for family "${family}" on CPU "${brand}"`);
    } else if (tables.some((t) => t.rows === 0)) {
      problems.push(`an empty ranked table for family "${family}" on CPU "${brand}"`);
    }
  }
  for (const href of facts.recordLinks) {
    const file = path.join(site, decodeURIComponent(href));
    if (!fs.existsSync(file)) problems.push(`link to a missing record: ${href}`);
  }
  for (const { scrollWidth, clientWidth } of widths) {
    if (scrollWidth > clientWidth) {
      problems.push(`the page scrolls sideways: ${scrollWidth} px wide in a ${clientWidth} px window`);
    }
  }

  console.log(
    `site-browser-test: "${facts.title}": ${facts.images.length} images, ` +
      `${facts.tables.length} ranked tables for ${expected.length} (CPU, family) pairs, ` +
      `${facts.recordLinks.length} record links; screenshot ${screenshot}`,
  );
} finally {
  await browser.close();
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`site-browser-test: FAIL: ${problem}`);
  process.exit(1);
}
console.log('site-browser-test: ok');
