/**
 * Swagger UI as a person uses it (issue 15), in Debian's Chromium driven by puppeteer-core:
 * open /api/docs, run the login operation with its documented example, take the token from the answer
 * shown, enter it with Authorize, run GET /api/clientes and check that the answer shown is a 200.
 * Usage: ts-node scripts/ci-extras/swagger-ui-check.ts <base url> [screenshot.png]
 * CHROMIUM overrides /usr/bin/chromium. Exits non-zero, saying where it stopped, on any failure.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import puppeteer, { type ElementHandle, type Page } from 'puppeteer-core';

const base = (process.argv[2] ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const screenshot = process.argv[3] ?? 'artifacts/swagger-ui.png';
const TIMEOUT = 30_000;

function step(message: string): void {
  console.log(`swagger-ui: ${message}`);
}

/** Expands an operation (`operations-<tag>-<operationId>`), presses Try it out and Execute; returns its block. */
async function ejecutar(page: Page, opId: string): Promise<ElementHandle<Element>> {
  const block = await page.waitForSelector(`#${opId}`, { timeout: TIMEOUT });
  if (!block) throw new Error(`${opId} not on the page`);
  const summary = await block.$('.opblock-summary-control, .opblock-summary');
  await summary!.click();
  const tryIt = await block.waitForSelector('.try-out__btn', { timeout: TIMEOUT });
  await tryIt!.click();
  const execute = await block.waitForSelector('.execute', { timeout: TIMEOUT });
  await execute!.click();
  await block.waitForSelector('.live-responses-table .response-col_status', { timeout: TIMEOUT });
  return block;
}

async function respuesta(block: ElementHandle<Element>): Promise<{ status: string; body: string }> {
  return block.$eval('.live-responses-table', (table) => ({
    status: (table.querySelector('tbody .response-col_status')?.textContent ?? '').trim(),
    body: table.querySelector('tbody .response-col_description pre')?.textContent ?? '',
  }));
}

async function main(): Promise<void> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'swagger-ui-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    userDataDir,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 1600 });
  try {
    step(`open ${base}/api/docs`);
    await page.goto(`${base}/api/docs`, { waitUntil: 'networkidle0', timeout: TIMEOUT });
    await page.waitForSelector('.swagger-ui .opblock', { timeout: TIMEOUT });

    step('POST /api/auth/login with its example (Try it out, Execute)');
    const login = await respuesta(await ejecutar(page, 'operations-auth-AuthController_login'));
    if (login.status !== '200') throw new Error(`login answered ${login.status}: ${login.body}`);
    const token = (JSON.parse(login.body) as { token?: string }).token;
    if (!token) throw new Error(`login shows no token: ${login.body}`);

    step('Authorize with the token');
    await page.click('.auth-wrapper .authorize');
    const input = await page.waitForSelector('.modal-ux input[type="text"], .modal-ux input:not([type])', { timeout: TIMEOUT });
    await input!.type(token);
    await page.click('.modal-ux .auth-btn-wrapper .authorize');
    await page.waitForSelector('.modal-ux .auth-btn-wrapper .btn-done', { timeout: TIMEOUT });
    await page.click('.modal-ux .auth-btn-wrapper .btn-done');

    step('GET /api/clientes (Try it out, Execute)');
    const block = await ejecutar(page, 'operations-clientes-ClientesController_list');
    const clientes = await respuesta(block);
    const curl = await block.$eval('.curl-command', (el) => el.textContent ?? '').catch(() => '');
    if (!curl.includes('Authorization: Bearer')) throw new Error(`the request carried no bearer token: ${curl}`);
    if (clientes.status !== '200') throw new Error(`GET /api/clientes answered ${clientes.status}: ${clientes.body}`);
    const body = JSON.parse(clientes.body) as { success?: boolean; data?: unknown[] };
    if (body.success !== true || !Array.isArray(body.data)) throw new Error(`unexpected list answer: ${clientes.body}`);
    await block.scrollIntoView();
    step(`GET /api/clientes answered 200 in the UI (${body.data.length} clientes)`);
  } finally {
    mkdirSync(dirname(screenshot), { recursive: true });
    await page.screenshot({ path: screenshot, fullPage: false }).catch(() => undefined);
    step(`screenshot ${screenshot}`);
    await browser.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

main().then(
  () => step('passed'),
  (error: unknown) => {
    console.error(`swagger-ui: FAILED: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
