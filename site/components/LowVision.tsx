import { useMemo, useSyncExternalStore } from 'react';
import { applyLowVision, LOW_VISION_DEFAULT, LOW_VISION_SCHEMES, LOW_VISION_SIZES, LOW_VISION_STORAGE_KEY, type LowVisionChoice } from '@lib/lowVision.js';
import { useTexts } from '../i18n/useTexts.js';

const PANEL_ID = 'low-vision-panel';
const SWITCH_ID = 'low-vision-switch';

/** Told when the visitor changes the choice on this page. */
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

function storedText(): string | null {
  try {
    return window.localStorage.getItem(LOW_VISION_STORAGE_KEY);
  } catch {
    return null;
  }
}

function choiceOf(stored: string | null): LowVisionChoice | null {
  try {
    return stored ? { ...LOW_VISION_DEFAULT, ...(JSON.parse(stored) as Partial<LowVisionChoice>) } : null;
  } catch {
    return null;
  }
}

/**
 * The visitor's choice: none on the server (the HTML is the same for everyone), the stored one once the page runs.
 * The inline script of the head has already applied it to `<html>` before the first paint.
 */
export function useLowVision(): [LowVisionChoice | null, (choice: LowVisionChoice | null) => void] {
  const stored = useSyncExternalStore(subscribe, storedText, () => null);
  const choice = useMemo(() => choiceOf(stored), [stored]);
  const choose = (next: LowVisionChoice | null) => {
    applyLowVision(next);
    try {
      if (next) window.localStorage.setItem(LOW_VISION_STORAGE_KEY, JSON.stringify(next));
      else window.localStorage.removeItem(LOW_VISION_STORAGE_KEY);
    } catch {
      // Without storage the choice holds on this page only, and the panel cannot tell it.
    }
    for (const listener of listeners) listener();
  };
  return [choice, choose];
}

/** The header's switch: turns the version on (and moves to its panel) or back to the normal one. */
export function LowVisionSwitch({ on, choose }: { on: boolean; choose: (choice: LowVisionChoice | null) => void }) {
  const texts = useTexts().lowVision;
  const toggle = () => {
    choose(on ? null : LOW_VISION_DEFAULT);
    if (!on) document.getElementById(PANEL_ID)?.focus();
  };
  return (
    <button id={SWITCH_ID} type="button" className="lv-switch" aria-pressed={on} aria-controls={PANEL_ID} onClick={toggle}>
      {texts.switch}
    </button>
  );
}

interface OptionsProps<Value extends string> {
  name: string;
  values: readonly Value[];
  labelOf: (value: Value) => string;
  current: Value | undefined;
  onChoose: (value: Value) => void;
}

function Options<Value extends string>({ name, values, labelOf, current, onChoose }: OptionsProps<Value>) {
  return (
    <div className="lv-group" role="group" aria-label={name}>
      <span className="lv-group__name" aria-hidden="true">
        {name}:
      </span>
      {values.map((value) => (
        <button key={value} type="button" aria-pressed={current === value} onClick={() => onChoose(value)}>
          {labelOf(value)}
        </button>
      ))}
    </div>
  );
}

/** The panel at the top of the page, shown by the styles while the version is on. */
export function LowVisionPanel({ choice, choose }: { choice: LowVisionChoice | null; choose: (choice: LowVisionChoice | null) => void }) {
  const texts = useTexts().lowVision;
  const set = (change: Partial<LowVisionChoice>) => choose({ ...(choice ?? LOW_VISION_DEFAULT), ...change });
  return (
    <section id={PANEL_ID} className="lv-panel" aria-label={texts.panel} tabIndex={-1}>
      <div className="container lv-panel__inner">
        <Options
          name={texts.fontSize}
          values={LOW_VISION_SIZES}
          labelOf={(size) => texts.sizes[size]}
          current={choice?.size}
          onChoose={(size) => set({ size })}
        />
        <Options
          name={texts.colours}
          values={LOW_VISION_SCHEMES}
          labelOf={(scheme) => texts.schemes[scheme]}
          current={choice?.scheme}
          onChoose={(scheme) => set({ scheme })}
        />
        <Options
          name={texts.images}
          values={['on', 'off'] as const}
          labelOf={(images) => (images === 'on' ? texts.imagesOn : texts.imagesOff)}
          current={choice?.images}
          onChoose={(images) => set({ images })}
        />
        <Options
          name={texts.spacing}
          values={['normal', 'wide'] as const}
          labelOf={(spacing) => (spacing === 'normal' ? texts.spacingNormal : texts.spacingWide)}
          current={choice?.spacing}
          onChoose={(spacing) => set({ spacing })}
        />
        <button
          type="button"
          onClick={() => {
            choose(null);
            document.getElementById(SWITCH_ID)?.focus();
          }}
        >
          {texts.normalVersion}
        </button>
      </div>
    </section>
  );
}
