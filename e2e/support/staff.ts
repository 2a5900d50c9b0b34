import * as OTPAuth from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningServer } from './server';

/** The password every test staff member gets. */
export const STAFF_PASSWORD = 'senha-da-equipe-forte-1';

export type Staff = { email: string; role: string; totp: OTPAuth.TOTP };

/** staff:create as the operator runs it (the demo tenant's host by default); the TOTP secret is printed once. */
export function createStaff(server: RunningServer, role: string, host = 'localhost'): Staff {
  const email = `${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@operadora.com`;
  const r = server.ops('staff:create', '--host', host, '--email', email, '--role', role, '--password', STAFF_PASSWORD);
  expect(r.code, r.out).toBe(0);
  const secret = /TOTP secret \(base32\):\s*([A-Z2-7]+)/.exec(r.out)?.[1];
  expect(secret, r.out).toBeTruthy();
  return {
    email,
    role,
    totp: new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret!), digits: 6, period: 30 }),
  };
}

/**
 * Each TOTP step is accepted once, and the server takes one step either side: the login uses the previous step's
 * code and a step-up the current one, so a test never waits 30 s for a new code. Away from a step boundary, so
 * both stay inside the window while the test runs.
 */
export async function awayFromStepBoundary() {
  const into = Date.now() % 30_000;
  if (into > 25_000) await new Promise((r) => setTimeout(r, 30_500 - into));
}
export const previousCode = (s: Staff) => s.totp.generate({ timestamp: Date.now() - 30_000 });
export const currentCode = (s: Staff) => s.totp.generate();

/** Logs `s` in at /admin in Portuguese (the labels are the console's pt-BR ones) with the previous step's code. */
export async function staffLogIn(page: Page, url: string, s: Staff) {
  await page.goto(`${url}/admin`, { waitUntil: 'networkidle' });
  await page.getByLabel('E-mail').fill(s.email);
  await page.getByLabel('Senha').fill(STAFF_PASSWORD);
  await page.getByLabel('Código do autenticador (6 dígitos)').fill(previousCode(s));
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.getByTestId('staff-email').waitFor();
}

/**
 * A new staff member of `role`, signed in to the console in a fresh context of `browser` at the given size. The
 * console starts in Portuguese (its login labels are pt-BR); English is chosen afterwards as the header would.
 */
export async function signedInStaff(
  server: RunningServer,
  browser: Browser,
  role: string,
  locale: 'pt-BR' | 'en',
  width: number,
  height: number,
): Promise<Page> {
  const staff = createStaff(server, role);
  const ctx = await browser.newContext({ locale, viewport: { width, height } });
  const page = await ctx.newPage();
  await awayFromStepBoundary();
  await staffLogIn(page, server.url, staff);
  // Given as a string: this file is also compiled for the benchmarks, whose types have no DOM.
  if (locale === 'en') await page.evaluate("localStorage.setItem('sorte-admin-locale', 'en')");
  return page;
}
