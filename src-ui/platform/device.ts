/** What kind of device the app runs on (Apple Maps is offered on iOS only). */
export function isIosDevice(nav: Pick<Navigator, 'userAgent' | 'platform' | 'maxTouchPoints'> = navigator): boolean {
  if (/iPad|iPhone|iPod/.test(nav.userAgent)) return true;
  // iPadOS 13+ reports itself as a Mac with touch.
  return nav.platform === 'MacIntel' && nav.maxTouchPoints > 1;
}
