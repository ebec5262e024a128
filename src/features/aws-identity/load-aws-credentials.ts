export const loadAwsCredentials = () => import('./aws-credentials');
