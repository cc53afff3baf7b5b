import type { KeyboardCoordinateGetter } from "@dnd-kit/core";

/**
 * Keyboard moves for the board: left and right arrows carry the held card to
 * the centre of the neighbouring lane (dnd-kit's default moves 25 px a press,
 * a dozen presses per lane). Other keys keep dnd-kit's meaning (space or Enter
 * drops, Escape cancels); up and down do nothing, the order in a lane is the server's.
 */
export const laneKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  if (event.code !== "ArrowRight" && event.code !== "ArrowLeft") return undefined;
  event.preventDefault();
  const { collisionRect, droppableRects, droppableContainers } = context;
  if (!collisionRect) return undefined;
  const lanes = droppableContainers
    .getEnabled()
    .flatMap((container) => {
      const rect = droppableRects.get(container.id);
      return rect ? [rect] : [];
    })
    .sort((a, b) => a.left - b.left);
  const centre = collisionRect.left + collisionRect.width / 2;
  const current = lanes.findIndex((rect) => centre >= rect.left && centre < rect.left + rect.width);
  const target =
    event.code === "ArrowRight"
      ? lanes[current === -1 ? lanes.findIndex((rect) => rect.left > centre) : current + 1]
      : lanes[current === -1 ? lanes.findLastIndex((rect) => rect.left + rect.width <= centre) : current - 1];
  if (!target) return undefined;
  return { x: currentCoordinates.x + (target.left + target.width / 2 - centre), y: currentCoordinates.y };
};
