// Errors sent to VITE_ERROR_REPORT_URL, scrubbed of anything personal: builds with that URL only.
export { startErrorReports } from './start-error-reports';
