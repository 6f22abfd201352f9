/** The app's version and its release date (About screen). Bump both together with package.json's version. */
export const APP_VERSION = '1.17.10';
/** ISO calendar date of this version's release. */
export const APP_RELEASE_DATE = '2026-11-21';
