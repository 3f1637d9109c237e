import { useState, type FocusEvent } from 'react';

/**
 * Whether the visitor is on an element: the mouse rests on it or keyboard focus is inside it. Whatever
 * moves or goes away on its own (a carousel's rotation, a toast's timer) waits meanwhile.
 * Spread `handlers` on the element.
 */
export function useVisitorAttention() {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  return {
    attending: hovered || focused,
    handlers: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      // Focus moving between the element's own controls does not leave it.
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      },
    },
  };
}
