// Run by the CDK CLI (cdk.json): deploys the build in SNXT_DIST_DIR, by default the repository's dist/.
import { join } from 'node:path';
import { createApp } from '../lib/app.ts';
import { REPO_ROOT } from '../lib/paths.ts';

createApp({ distDir: process.env.SNXT_DIST_DIR || join(REPO_ROOT, 'dist') }).app.synth();
