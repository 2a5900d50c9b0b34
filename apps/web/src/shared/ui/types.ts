export const UI_COLORS = ['primary', 'info', 'success', 'warning', 'danger', 'light', 'muted', 'default'] as const;
export type UiColor = (typeof UI_COLORS)[number];

export const UI_SIZES = ['sm', 'md', 'lg', 'xl'] as const;
export type UiSize = (typeof UI_SIZES)[number];

export const UI_VARIANTS = ['solid', 'pastel', 'outline'] as const;
export type UiVariant = (typeof UI_VARIANTS)[number];

export const UI_ROUNDED = ['none', 'sm', 'md', 'lg', 'full'] as const;
export type UiRounded = (typeof UI_ROUNDED)[number];
