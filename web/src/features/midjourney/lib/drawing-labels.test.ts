import { describe, expect, it } from 'vitest';
import { actionColor, drawingActions, drawingStatuses, submitCodeKey } from './drawing-labels';

describe('drawing labels', () => {
  it('names the submit codes of the Midjourney protocol', () => {
    expect(submitCodeKey(1)).toBe('codes.submitted');
    expect(submitCodeKey(21)).toBe('codes.waiting');
    expect(submitCodeKey(22)).toBe('codes.duplicate');
    expect(submitCodeKey(0)).toBe('codes.notSubmitted');
    expect(submitCodeKey(24)).toBe('codes.refused');
  });

  it('colours states and actions', () => {
    expect(drawingStatuses.SUCCESS).toBe('green');
    expect(drawingStatuses.FAILURE).toBe('red');
    expect(actionColor('IMAGINE')).toBe('blue');
    expect(actionColor('UPSCALE_HD')).toBe('orange');
    expect(actionColor('SOMETHING_NEW')).toBe('default');
  });

  it('names every action of the protocol and every state', () => {
    for (const action of ['IMAGINE', 'UPSCALE', 'INPAINT', 'CUSTOM_ZOOM', 'SWAP_FACE', 'ACTION']) {
      expect(drawingActions).toContain(action);
    }
    expect(Object.keys(drawingStatuses).sort()).toEqual(
      ['', 'CANCEL', 'FAILURE', 'IN_PROGRESS', 'MODAL', 'NOT_START', 'SUBMITTED', 'SUCCESS'].sort(),
    );
  });
});
