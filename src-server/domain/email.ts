/** Emails are stored and looked up trimmed and in lower case: "Ana@Example.com " signs in as ana@example.com. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
