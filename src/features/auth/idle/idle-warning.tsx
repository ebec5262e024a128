import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useEffect, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { IDLE_SIGN_OUT } from '../../../config/constants';
import { useT } from '../../../i18n/use-t';

interface IdleWarningProps {
  deadline: number;
  onStay: () => void;
  onSignOut: () => void;
}

const secondsLeft = (deadline: number) => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

const clockTime = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

// "1 minute, 30 seconds": what a screen reader says clearly, where "1:30" may be read as a time of day.
function spokenTime(intl: IntlShape, seconds: number): string {
  const unit = (value: number, name: 'minute' | 'second') =>
    intl.formatNumber(value, { style: 'unit', unit: name, unitDisplay: 'long' });
  const minutes = Math.floor(seconds / 60);
  const parts = [minutes > 0 && unit(minutes, 'minute'), seconds % 60 > 0 && unit(seconds % 60, 'second')];
  const said = parts.filter((part): part is string => typeof part === 'string');
  return said.length > 0 ? intl.formatList(said, { type: 'unit' }) : unit(0, 'second');
}

function useSecondsLeft(deadline: number): number {
  const [seconds, setSeconds] = useState(() => secondsLeft(deadline));
  useEffect(() => {
    const tick = setInterval(() => setSeconds(secondsLeft(deadline)), 1000);
    return () => clearInterval(tick);
  }, [deadline]);
  return seconds;
}

function useAnnounced(seconds: number): number {
  const [announced, setAnnounced] = useState(seconds);
  if (announced - seconds >= IDLE_SIGN_OUT.announceEverySeconds || seconds > announced) setAnnounced(seconds);
  return announced;
}

const BUTTON = 'rounded-full px-5 py-2.5 font-semibold';

export function IdleWarning({ deadline, onStay, onSignOut }: IdleWarningProps) {
  const t = useT();
  const intl = useIntl();
  const seconds = useSecondsLeft(deadline);
  const announced = useAnnounced(seconds);
  return (
    // Open while the model says so; its buttons and Escape answer it, nothing else closes it.
    <AlertDialog.Root open>
      <AlertDialog.Portal>
        {/* Not AlertDialog.Overlay: its scroll lock injects a <style> the CSP refuses. */}
        <div className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content
          aria-modal="true"
          onEscapeKeyDown={onStay}
          className="fixed inset-x-2 top-[10vh] z-50 mx-auto max-w-md rounded-2xl border border-border bg-surface p-6 text-text shadow-2xl"
        >
          <AlertDialog.Title className="text-lg font-bold">{t('snxt.idle.title')}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2">
              <p aria-hidden="true">{t('snxt.idle.text', { time: clockTime(seconds) })}</p>
              <p role="status" className="sr-only">
                {t('snxt.idle.text', { time: spokenTime(intl, announced) })}
              </p>
            </div>
          </AlertDialog.Description>
          <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
            <AlertDialog.Action
              onClick={onSignOut}
              className={`${BUTTON} border-2 border-border text-text hover:bg-surface-raised`}
            >
              {t('snxt.idle.signOut')}
            </AlertDialog.Action>
            <AlertDialog.Cancel
              onClick={onStay}
              className={`${BUTTON} bg-primary text-on-primary shadow-md hover:brightness-110`}
            >
              {t('snxt.idle.stay')}
            </AlertDialog.Cancel>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
