/** Drawing actions the console names (others are shown as they come). */
export const drawingActions = [
  'IMAGINE',
  'UPSCALE',
  'VARIATION',
  'REROLL',
  'DESCRIBE',
  'BLEND',
  'SHORTEN',
  'ZOOM',
  'PAN',
  'INPAINT',
  'CUSTOM_ZOOM',
  'MODAL',
  'VIDEO',
  'EDITS',
  'SWAP_FACE',
  'UPLOAD',
  'ACTION',
  'LOW_VARIATION',
  'HIGH_VARIATION',
] as const;

/** Drawing states with their tag colours ('' = being submitted). */
export const drawingStatuses: Record<string, string> = {
  '': 'default',
  NOT_START: 'default',
  SUBMITTED: 'gold',
  MODAL: 'purple',
  IN_PROGRESS: 'blue',
  SUCCESS: 'green',
  FAILURE: 'red',
  CANCEL: 'default',
};

/** The i18n key of a submit code: 1 submitted, 21 waiting, 22 duplicate, 0 not submitted. */
export function submitCodeKey(code: number): string {
  if (code === 1) return 'codes.submitted';
  if (code === 21) return 'codes.waiting';
  if (code === 22) return 'codes.duplicate';
  if (code === 0) return 'codes.notSubmitted';
  return 'codes.refused';
}

/** Action tag colours, by family. */
export function actionColor(action: string): string {
  if (action === 'IMAGINE') return 'blue';
  if (action.includes('UPSCALE')) return 'orange';
  if (action.includes('VARIATION') || action === 'REROLL') return 'purple';
  if (action === 'DESCRIBE' || action === 'SHORTEN') return 'cyan';
  if (action === 'BLEND' || action === 'SWAP_FACE') return 'lime';
  if (action === 'VIDEO') return 'magenta';
  return 'default';
}
