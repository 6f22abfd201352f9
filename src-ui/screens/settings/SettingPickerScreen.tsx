/** Placeholder: the screen engineer replaces it. */
export function SettingPickerScreen(_props: { page: string }) {
  return null;
}
