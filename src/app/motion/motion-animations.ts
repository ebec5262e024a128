// The route animations with motion/mini's WAAPI `animate` (opacity, transform): a chunk loaded on demand.
import { stagger } from 'motion';
import { animate } from 'motion/mini';
import { ROUTE_ANIMATED } from '../../components/route-animated';
import { ROUTE_ANIMATION } from '../../config/constants';

const { leaveSeconds, enterSeconds, elementStaggerSeconds } = ROUTE_ANIMATION;
const LEAVE_TIMEOUT_MS = leaveSeconds * 1000 + 150;
const ease = 'easeInOut';
const RAISED = 'translateY(-16px)';
const LOWERED = 'translateY(24px)';

export function clearStyles(elements: HTMLElement[]) {
  for (const element of elements) {
    element.style.removeProperty('opacity');
    element.style.removeProperty('transform');
  }
}

/** The page and its marked elements enter; the function returned stops them where they are. */
export function enter(container: HTMLElement, page: boolean, elements: boolean): (() => void) | undefined {
  const targets = elements ? [...container.querySelectorAll<HTMLElement>(`.${ROUTE_ANIMATED}`)] : [];
  const animated = [...(page ? [container] : []), ...targets];
  if (animated.length === 0) return undefined;
  // Hidden before the first paint, so nothing shows and then blinks out while it waits its turn.
  for (const element of animated) element.style.opacity = '0';
  const animations = [
    page && animate(container, { opacity: [0, 1], transform: [RAISED, 'none'] }, { duration: enterSeconds, ease }),
    targets.length > 0 &&
      animate(
        targets,
        { opacity: [0, 1], transform: [LOWERED, 'none'] },
        { duration: enterSeconds, ease, delay: stagger(elementStaggerSeconds) },
      ),
  ].filter((animation) => animation !== false);
  const done = () => clearStyles(animated);
  void Promise.allSettled(animations.map((animation) => animation.finished)).then(done);
  return () => {
    animations.forEach((animation) => animation.stop());
    done();
  };
}

/** The page leaves; settles when it has, or a little after it should have. */
export function leave(container: HTMLElement): Promise<void> {
  const animation = animate(
    container,
    { opacity: [1, 0], transform: ['none', RAISED] },
    { duration: leaveSeconds, ease },
  );
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, LEAVE_TIMEOUT_MS));
  return Promise.race([animation.finished.then(() => undefined), timeout]);
}
