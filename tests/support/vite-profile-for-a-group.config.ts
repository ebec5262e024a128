// The `groups` e2e build: the app as it is, except that its real /profile route needs a permission (`requires`) and
// has a navigation entry, so the tests reach a page for one permission with the accounts that hold it and not. The
// permission is a row of the build's own, held by a group of the demo account, so the test holds whatever a team's
// table has. (`requiresGroups` works through the same decision: its unit and component tests.)
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig, type Plugin } from 'vite';
import appConfig from '../../vite.config.ts';

const PROFILE_PERMISSION = 'e2e:profile';
const PERMISSION_HOLDER = 'snxt-demo-users';

const source = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const EDITS = new Map([
  [
    source('src/routes/profile.tsx'),
    {
      from: 'requiresAuth: true }',
      to: `requiresAuth: true, nav: 'main', requires: '${PROFILE_PERMISSION}' }`,
    },
  ],
  [
    source('src/config/permissions.ts'),
    {
      from: 'export const PERMISSIONS = {',
      to: `export const PERMISSIONS = {\n  '${PROFILE_PERMISSION}': ['${PERMISSION_HOLDER}'],`,
    },
  ],
]);

function profileForAGroup(): Plugin {
  return {
    name: 'e2e-profile-for-a-group',
    enforce: 'pre',
    load(id) {
      const path = id.split('?')[0] ?? '';
      const edit = EDITS.get(path);
      if (!edit) return null;
      const text = readFileSync(path, 'utf8');
      if (!text.includes(edit.from)) throw new Error(`${path} no longer has "${edit.from}"`);
      return text.replace(edit.from, edit.to);
    },
  };
}

export default defineConfig((env) => mergeConfig(appConfig(env), { plugins: [profileForAGroup()] }));
