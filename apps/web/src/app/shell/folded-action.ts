import { useState } from "react";

/**
 * A top-bar action folded into the overflow menu (narrow screens): it draws
 * no button of its own; its popover opens on the menu's button when the
 * menu item is picked, and `onClose` ends it.
 */
export interface FoldedAction {
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The popover's anchor: the action's own button's, or the overflow menu's when folded. */
export function useActionAnchor(folded: FoldedAction | undefined) {
  const [own, setOwn] = useState<HTMLElement | null>(null);
  if (!folded) return [own, setOwn] as const;
  const set = (anchor: HTMLElement | null) => {
    if (!anchor) folded.onClose();
  };
  return [folded.anchor, set] as const;
}
