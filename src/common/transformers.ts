import { ValueTransformer } from 'typeorm';

/** numeric columns arrive as strings from pg; amounts stay strings (decimal.js works on them), rates become numbers. */
export const numericToNumber: ValueTransformer = {
  to: (value?: number | string | null) => value,
  from: (value?: string | null) => (value === null || value === undefined ? value : Number(value)),
};
