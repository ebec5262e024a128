import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildEnv } from '../../build/security-headers.mjs';
import { createApp } from './app.ts';
import { buildTheApp } from './commands.ts';
import { refuseLoopbackValues } from './loopback-values.ts';
import { writeTestBuild } from './test-support.ts';

describe('a loopback address in the values the site is built with', () => {
  it.each([
    ['VITE_API_ORIGINS', 'http://127.0.0.1:5174'],
    ['VITE_API_ORIGINS', 'self, https://api.example.com,http://localhost:5174'],
    ['VITE_API_ORIGINS', 'https://api.example.com , http://[::1]:8080/'],
    ['VITE_OIDC_AUTHORITY', 'http://localhost:5174'],
    ['VITE_OIDC_AUTHORITY', 'HTTP://LOCALHOST'],
    ['VITE_COGNITO_DOMAIN', 'http://127.12.0.3'],
    ['VITE_API_URL', 'http://127.0.0.1:5174/api'],
    ['VITE_API_URL', 'https://localhost./api'],
    ['VITE_API_URL', 'http://api.localhost:3000'],
    ['VITE_API_URL', 'http://2130706433/api'],
    ['VITE_API_URL', 'http://0x7f.1/'],
    ['VITE_API_URL', 'http://[0:0:0:0:0:0:0:1]/'],
    ['VITE_API_URL', 'http://[::ffff:127.0.0.1]/'],
    ['VITE_ERROR_REPORT_URL', 'https://user:pw@127.0.0.1/r?x=1'],
    ['VITE_I18N_PREFIX', '//localhost:5173'],
    ['VITE_COGNITO_IDENTITY_ENDPOINT', 'localhost:5174/identity/'],
    ['VITE_API_ORIGINS', '127.0.0.1:8080'],
  ])('is found: %s=%s', (name, value) => {
    expect(() => refuseLoopbackValues({ [name]: value, VITE_OIDC_CLIENT_ID: 'client' })).toThrow(
      new RegExp(`^${name} names a loopback address`),
    );
  });

  it.each([
    ['VITE_API_ORIGINS', 'self, https://api.example.com'],
    ['VITE_OIDC_AUTHORITY', 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC'],
    ['VITE_API_URL', 'https://localhost-tools.example.com/api'],
    ['VITE_API_URL', 'https://api.example.com/localhost/127.0.0.1'],
    ['VITE_API_URL', 'https://128.0.0.1/'],
    ['VITE_COGNITO_IDENTITY_POOL_ID', 'eu-west-1:0f8b2d3e-4c5a-4b6d-8e7f-9a0b1c2d3e4f'],
    ['VITE_APP_NAME', 'Localhost Monitor'],
    ['VITE_IDLE_TIMEOUT_MINUTES', '127'],
    ['VITE_I18N_PREFIX', ''],
  ])('is not found where there is none: %s=%s', (name, value) => {
    expect(() => refuseLoopbackValues({ [name]: value })).not.toThrow();
  });

  it('stops the synthesis, naming each variable', () => {
    const env = { VITE_API_ORIGINS: 'http://127.0.0.1:5174', VITE_API_URL: 'http://localhost:5174/api' };
    expect(() => createApp({ distDir: writeTestBuild(env), env })).toThrow(
      /VITE_API_ORIGINS, VITE_API_URL.*loopback.*\.env\.development\.local/s,
    );
  });

  it('stops the synthesis when a .env.local of the repository holds one', () => {
    const root = mkdtempSync(join(tmpdir(), 'snxt-env-'));
    writeFileSync(join(root, '.env.local'), 'VITE_API_ORIGINS=http://127.0.0.1:5174\n');
    const env = buildEnv('production', root);
    expect(() => createApp({ distDir: writeTestBuild(env), env })).toThrow(/VITE_API_ORIGINS/);
  });

  it('stops the deploy before it builds the site', () => {
    expect(() => buildTheApp({ VITE_OIDC_AUTHORITY: 'http://localhost:5174' })).toThrow(
      /VITE_OIDC_AUTHORITY.*loopback/s,
    );
  });
});
