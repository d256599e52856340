import { Group, Input, Text } from '@mantine/core';
import { OTP_DEFAULT_LENGTH, OTP_FOCUS_CORRECTION_MS } from '@prepwise/contract';
import {
  type ClipboardEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../lib/i18n-react';
import {
  acceptsCharacter,
  correctedFocusIndex,
  isComplete,
  type OtpMode,
  pastedCharacters,
  toBoxes,
} from '../lib/otp';
import classes from './otp-input.module.css';

export interface OtpInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Called once every box holds a character. */
  onComplete?: (value: string) => void;
  /** Number of boxes; 4 unless told (seed-spec §9). */
  length?: number;
  mode?: OtpMode;
  label?: string;
  description?: string;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  name?: string;
}

/**
 * One-time-code boxes (seed-spec §5/§9): one character per box, digits or letters and digits,
 * pasting a value that does not match the mode is ignored, and focus that lands past the first
 * empty box is moved back to it after 100 ms.
 */
export function OtpInput({
  value,
  onChange,
  onComplete,
  length = OTP_DEFAULT_LENGTH,
  mode = 'digits',
  label,
  description,
  error,
  disabled,
  autoFocus,
  name,
}: OtpInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const focusTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Positions are kept here: the joined value alone would close the gap of a cleared box.
  const [boxes, setBoxes] = useState(() => toBoxes(value, length));
  const completedWith = useRef<string | null>(null);

  useEffect(() => {
    setBoxes((current) =>
      current.join('') === value && current.length === length ? current : toBoxes(value, length),
    );
  }, [value, length]);

  useEffect(() => {
    const code = boxes.join('');
    if (isComplete(boxes)) {
      if (completedWith.current !== code) {
        completedWith.current = code;
        onComplete?.(code);
      }
    } else {
      completedWith.current = null;
    }
  }, [boxes, onComplete]);

  useEffect(() => () => clearTimeout(focusTimer.current), []);

  const focusBox = useCallback(
    (index: number) => {
      const target = inputs.current[Math.max(0, Math.min(index, length - 1))];
      target?.focus();
      target?.select();
    },
    [length],
  );

  const update = (next: string[]) => {
    setBoxes(next);
    onChange(next.join(''));
  };

  const fill = (characters: string[]) => {
    const next = toBoxes(characters.join(''), length);
    update(next);
    focusBox(Math.min(characters.length, length - 1));
  };

  const handleInput = (index: number, raw: string) => {
    if (raw.length > 1) {
      // Autofill (or a typed character over a selected one): the whole value or its last character.
      const whole = pastedCharacters(mode, raw, length);
      if (whole && whole.length === length) return fill(whole);
      const last = raw.slice(-1);
      if (!acceptsCharacter(mode, last)) return;
      raw = last;
    }
    if (raw === '') {
      const next = [...boxes];
      next[index] = '';
      return update(next);
    }
    if (!acceptsCharacter(mode, raw)) return;
    const next = [...boxes];
    next[index] = raw;
    update(next);
    if (index < length - 1) focusBox(index + 1);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && boxes[index] === '' && index > 0) {
      event.preventDefault();
      const next = [...boxes];
      next[index - 1] = '';
      update(next);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const characters = pastedCharacters(mode, event.clipboardData.getData('text/plain'), length);
    if (characters) fill(characters);
  };

  const handleFocus = (index: number) => {
    inputs.current[index]?.select();
    clearTimeout(focusTimer.current);
    focusTimer.current = setTimeout(() => {
      const current = inputs.current.map((input) => input?.value ?? '');
      const target = correctedFocusIndex(current, index);
      if (target !== index && document.activeElement === inputs.current[index]) focusBox(target);
    }, OTP_FOCUS_CORRECTION_MS);
  };

  const errorId = `${id}-error`;
  return (
    <Input.Wrapper
      label={label}
      description={description}
      id={`${id}-0`}
      classNames={{ label: classes.label }}
    >
      <Group
        gap="xs"
        wrap="nowrap"
        role="group"
        aria-label={label ?? t('otp.group')}
        aria-describedby={error ? errorId : undefined}
        className={classes.group}
        data-testid="otp-input"
        dir="ltr"
      >
        {boxes.map((character, index) => (
          <Input
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, not items.
            key={index}
            ref={(node: HTMLInputElement | null) => {
              inputs.current[index] = node;
            }}
            id={`${id}-${index}`}
            value={character}
            onChange={(event) => handleInput(index, event.currentTarget.value)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onPaste={handlePaste}
            onFocus={() => handleFocus(index)}
            autoFocus={autoFocus && index === 0}
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            inputMode={mode === 'digits' ? 'numeric' : 'text'}
            type="text"
            size="lg"
            disabled={disabled}
            error={Boolean(error)}
            aria-label={t('otp.box', { index: index + 1, total: length })}
            aria-invalid={Boolean(error)}
            classNames={{ input: classes.box, wrapper: classes.boxWrapper }}
          />
        ))}
      </Group>
      {name ? <input type="hidden" name={name} value={boxes.join('')} /> : null}
      {error ? (
        <Text id={errorId} c="red" size="sm" mt={6} role="alert">
          {error}
        </Text>
      ) : null}
    </Input.Wrapper>
  );
}
