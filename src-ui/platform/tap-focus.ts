/**
 * A finger's tap on a button leaves the focus where it was, as iOS does (Safari never focuses a tapped button). In
 * Chromium the tap's mousedown moves the focus, and that move is most of the tap's work before its click: the focus
 * leaves the element that had it and arrives on the button, each through React's and the app's listeners, and the
 * page restyles for :focus and :focus-within on the way. In a trace of scenario 4 at 4x CPU the tap's mouse events and
 * focus move took 23-32 ms per tap, 13-17 ms without the move (issue 47: `npm run bench:trace-read`); untraced, a few
 * ms of each tap's input delay.
 *
 * Only a finger's tap on a button or link: a mouse, a pen, the keyboard and a screen reader's activation move the
 * focus as before, and so does any tap while a text field has the focus, whose blur is how Android closes its
 * keyboard and how a field shows it was left. Installed once after the first paint, in the capture phase, so nothing
 * can stop it.
 */
const TAPPED_CONTROL = 'button, a[href], [role="button"], [role="tab"], [role="switch"], [role="menuitem"]';
const TEXT_ENTRY =
  'input:not([type="button"], [type="submit"], [type="reset"], [type="checkbox"], [type="radio"]), textarea, select, [contenteditable=""], [contenteditable="true"]';

/** Whether a tap's mousedown on `target` should leave the focus where it is. */
function keepsFocus(target: EventTarget | null, pointerType: string, focused: Element | null): boolean {
  if (pointerType !== 'touch' || !(target instanceof Element)) return false;
  if (focused?.matches(TEXT_ENTRY)) return false;
  const control = target.closest(TAPPED_CONTROL);
  return control !== null && !control.matches(TEXT_ENTRY);
}

/** Installs the rule for the page's life: nothing removes it, as no screen may tap differently. */
export function keepFocusOnTap(doc: Document = document): void {
  // The mousedown a tap makes carries no pointer type: the pointerdown before it does.
  let pointerType = '';
  const onPointerDown = (event: PointerEvent) => {
    pointerType = event.pointerType;
  };
  const onMouseDown = (event: MouseEvent) => {
    if (keepsFocus(event.target, pointerType, doc.activeElement)) event.preventDefault();
  };
  doc.addEventListener('pointerdown', onPointerDown, { capture: true, passive: true });
  doc.addEventListener('mousedown', onMouseDown, { capture: true });
}
