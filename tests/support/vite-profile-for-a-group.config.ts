// The `groups` e2e build: the app as it is, except that its real /profile route needs a group and has a
// navigation entry, so the tests reach a page for one group with the accounts in and outside it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig, type Plugin } from 'vite';
import appConfig from '../../vite.config.ts';

const PROFILE_GROUP = 'snxt-demo-users';

const PROFILE_ROUTE = fileURLToPath(new URL('../../src/routes/profile.tsx', import.meta.url));
const STATIC_DATA = 'requiresAuth: true }';

function profileForAGroup(): Plugin {
  return {
    name: 'e2e-profile-for-a-group',
    enforce: 'pre',
    load(id) {
      if (id.split('?')[0] !== PROFILE_ROUTE) return null;
      const source = readFileSync(PROFILE_ROUTE, 'utf8');
      if (!source.includes(STATIC_DATA)) throw new Error(`${PROFILE_ROUTE} no longer has "${STATIC_DATA}"`);
      return source.replace(STATIC_DATA, `requiresAuth: true, nav: 'main', requiresGroups: ['${PROFILE_GROUP}'] }`);
    },
  };
}

export default defineConfig((env) => mergeConfig(appConfig(env), { plugins: [profileForAGroup()] }));
