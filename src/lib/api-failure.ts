/** A failed API call that its page shows in its own words: not a fault of the app, so no error report. */
export class ApiFailure extends Error {}
