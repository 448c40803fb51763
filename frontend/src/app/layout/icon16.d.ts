/** The folder of the 16px icon files the build writes (vite.config.ts, blueprintIconFiles). */
declare module 'virtual:hearth-icon16' {
  export const ICON16_BASE: string;
}
