import {
  type CSSVariablesResolver,
  createTheme,
  type DrawerFactory,
  darken,
  type ExtendComponent,
  type InputFactory,
  type MantineColorsTuple,
  type MantineThemeOverride,
  type ModalFactory,
  type TooltipFactory,
} from '@mantine/core';

/** Primary scale of seed-spec §9, lightest (0) to darkest (9). */
const violetPurple: MantineColorsTuple = [
  '#f4efff',
  '#e6dbff',
  '#cbb5fd',
  '#ae8cfa',
  '#9669f7',
  '#8753f5',
  '#7e47f4',
  '#6c38da',
  '#5f30c3',
  '#5026ab',
];

/** Customised red of seed-spec §9: warmer and a touch softer than Mantine's default. */
const red: MantineColorsTuple = [
  '#fff0f0',
  '#ffdfdf',
  '#ffbdbd',
  '#fc9696',
  '#f87272',
  '#f55a5a',
  '#f04848',
  '#d83a3b',
  '#c13133',
  '#a8262a',
];

/** Design tokens of seed-spec §9 that Mantine has no theme key for; exposed as CSS variables. */
export const designTokens = {
  '--mantine-radius-none': '0',
  '--pw-transition-duration': '0.2s',
  '--pw-disabled-opacity': '0.6',
  '--pw-focus-ring': '1px solid var(--mantine-primary-color-filled)',
  '--pw-toast-width': '25rem',
  '--pw-tooltip-max-width': '12.5rem',
  '--pw-field-padding-x': '0.75rem',
  '--pw-field-padding-y': '0.5rem',
} as const;

export const theme = createTheme({
  primaryColor: 'violet-purple',
  primaryShade: { light: 7, dark: 6 },
  colors: { 'violet-purple': violetPurple, red },
  radius: { xs: '2px', sm: '4px', md: '6px', lg: '8px', xl: '12px' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  headings: { fontWeight: '700' },
  components: {
    // Plain objects, not Input.extend()/Tooltip.extend(): those would import the components
    // (and Tooltip's floating-ui) into the root chunk of every page.
    Input: {
      // Horizontal field padding is set in app.css: Mantine exposes no typed variable for it.
      vars: (_theme, props) => ({
        wrapper: { '--input-padding-y': props.multiline ? 'var(--pw-field-padding-y)' : undefined },
      }),
    } satisfies ExtendComponent<InputFactory>,
    Tooltip: {
      defaultProps: { multiline: true },
      styles: { tooltip: { maxWidth: 'var(--pw-tooltip-max-width)' } },
    } satisfies ExtendComponent<TooltipFactory>,
  },
});

/**
 * How much darker than its shade 9 the text of Mantine's light variant is (badges, light buttons, alert
 * titles): shade 6, Mantine's default, is under WCAG AA's 4.5:1 on the variant's tinted background for
 * every hue; shade 9 passes for most, and the pale hues need darker still.
 */
const LIGHT_VARIANT_DARKEN: Record<string, number> = {
  teal: 0.2,
  green: 0.3,
  lime: 0.3,
  yellow: 0.3,
  orange: 0.3,
};

export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: { ...designTokens },
  light: {
    // Secondary text a shade darker (lighter in dark mode) than Mantine's default, for AA contrast.
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    ...Object.fromEntries(
      Object.entries(resolved.colors)
        .filter(([name]) => name !== 'dark')
        .map(([name, shades]) => [
          `--mantine-color-${name}-light-color`,
          darken(shades[9], LIGHT_VARIANT_DARKEN[name] ?? 0),
        ]),
    ),
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    // Links a shade lighter than Mantine's default (shade 4, 4.2:1 on the dark body) for AA contrast.
    '--mantine-color-anchor': 'var(--mantine-color-violet-purple-3)',
  },
});

/**
 * The theme with the words Mantine's own controls need in the page's language: a dialog's close button
 * is an icon, so it gets its name here once (axe: button-name) rather than on every Modal and Drawer.
 */
export function themeIn(closeDialog: string): MantineThemeOverride {
  const closeButtonProps = { 'aria-label': closeDialog };
  return {
    ...theme,
    components: {
      ...theme.components,
      Modal: { defaultProps: { closeButtonProps } } satisfies ExtendComponent<ModalFactory>,
      Drawer: { defaultProps: { closeButtonProps } } satisfies ExtendComponent<DrawerFactory>,
    },
  };
}
