import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildHeaders } from '../../build/security-headers.mjs';
import { readSiteBuild } from './site-build.ts';
import { TEST_FILES, writeTestBuild } from './test-support.ts';

const ENV = {
  VITE_OIDC_AUTHORITY: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC',
  VITE_OIDC_CLIENT_ID: 'client',
};

describe('a build, as the CDK app reads it', () => {
  const dir = writeTestBuild(ENV);
  const build = readSiteBuild(dir, ENV);

  it('serves every file but the deploy configs and the precompressed copies', () => {
    expect(build.files).toContain('index.html');
    expect(build.files).toContain('assets/index-AbC123.js');
    expect(build.files).not.toContain('_headers');
    expect(build.files).not.toContain('nginx-security-headers.conf');
    expect(build.files.filter((file) => /\.(br|gz)$/.test(file))).toEqual([]);
    expect(build.skipped).toEqual(
      expect.arrayContaining(['_headers', 'nginx-security-headers.conf', 'index.html.gz', 'assets/index-AbC123.js.br']),
    );
    expect([...build.files, ...build.skipped].sort()).toEqual(
      [...Object.keys(TEST_FILES), '_headers', 'nginx-security-headers.conf'].sort(),
    );
  });

  it('keeps a .gz file that is no copy of another', () => {
    const withArchive = writeTestBuild(ENV, { 'downloads/data.tar.gz': 'archive' });
    expect(readSiteBuild(withArchive, ENV).files).toContain('downloads/data.tar.gz');
  });

  it('takes the prerendered pages from the HTML files of the build', () => {
    expect(build.pages).toEqual({ '/': '/index.html', '/settings': '/settings.html' });
    const more = writeTestBuild(ENV, { 'orders/index.html': '<p>orders</p>', 'help/about.html': '<p>about</p>' });
    expect(readSiteBuild(more, ENV).pages).toMatchObject({
      '/orders': '/orders/index.html',
      '/help/about': '/help/about.html',
    });
  });

  it('sends the headers the build wrote, computed again from its pages by the same module', () => {
    const pages = ['index.html', 'settings.html'].map((file) => TEST_FILES[file]!);
    expect(build.headers).toEqual(buildHeaders(ENV, pages));
    expect(build.headers['Content-Security-Policy']).toContain('https://cognito-idp.eu-west-1.amazonaws.com');
  });

  it('refuses a build made with other VITE_* values, naming what differs', () => {
    expect(() => readSiteBuild(dir, {})).toThrow(/Content-Security-Policy differ.*Build it again/s);
    expect(() => readSiteBuild(dir, { ...ENV, VITE_ERROR_REPORT_URL: 'https://errors.example.com/r' })).toThrow(
      /Content-Security-Policy, Reporting-Endpoints differ/,
    );
  });

  it('refuses a build whose pages changed after it wrote its headers', () => {
    const changed = writeTestBuild(ENV);
    writeFileSync(join(changed, 'settings.html'), TEST_FILES['settings.html']!.replace('boot("settings")', 'evil()'));
    expect(() => readSiteBuild(changed, ENV)).toThrow(/Content-Security-Policy differ/);
  });

  it('refuses a folder without a build, or a build without its headers', () => {
    const empty = writeTestBuild(ENV);
    rmSync(join(empty, 'index.html'));
    expect(() => readSiteBuild(empty, ENV)).toThrow(/no build of the app.*npm run build/);
    const headless = writeTestBuild(ENV);
    rmSync(join(headless, '_headers'));
    expect(() => readSiteBuild(headless, ENV)).toThrow(/_headers does not match/);
    const missing = join(dir, 'nothing-here');
    mkdirSync(missing);
    expect(() => readSiteBuild(missing, ENV)).toThrow(/no build of the app/);
  });
});
