import {
  settingBounds,
  settingCatalogue,
  type SettingKey,
  type SettingSpec,
} from '@gateway/shared';
import type { JsonShape } from './json-option';

/** One editable setting on the settings page; its label is `settings:fields.<key>.label`. */
export interface FieldDef {
  key: string;
  kind: 'text' | 'textarea' | 'code' | 'number' | 'switch' | 'select' | 'json';
  /** Values of a select. */
  options?: readonly string[];
  /** Shape of a JSON setting, checked before sending. */
  json?: JsonShape;
  min?: number;
  max?: number;
  /** Switching this off asks for confirmation with `settings:confirm.<key>`. */
  confirmOff?: boolean;
  /** A secret: never listed by the server; an empty input keeps the stored value. */
  secret?: boolean;
  /** Namespace of its label and help when not `settings`. */
  ns?: string;
}

/** A card of settings; its title is `settings:sections.<id>`. */
export interface SectionDef {
  id: string;
  fields: FieldDef[];
  /** Namespace of its title when not `settings`. */
  ns?: string;
}

/** How a field is presented beyond what the settings catalogue says about it. */
export interface Presentation {
  /** A long text edited in a text area, or code in a monospace one. */
  kind?: 'textarea' | 'code';
  json?: JsonShape;
  confirmOff?: boolean;
  ns?: string;
}

/**
 * The input of a setting: its kind, bounds, choices and secrecy come from the shared settings
 * catalogue (the one the server validates with); only the presentation is chosen here.
 */
export function field(key: SettingKey, presentation: Presentation = {}): FieldDef {
  const spec: SettingSpec = settingCatalogue[key];
  const base = {
    key,
    secret: spec.secret ?? false,
    confirmOff: presentation.confirmOff,
    ns: presentation.ns,
  };
  switch (spec.kind) {
    case 'flag':
      return { ...base, kind: 'switch' };
    case 'number': {
      const { min, max } = settingBounds(spec);
      return { ...base, kind: 'number', min, max };
    }
    case 'json':
      return { ...base, kind: 'json', json: presentation.json };
    default:
      return spec.options
        ? { ...base, kind: 'select', options: spec.options }
        : { ...base, kind: presentation.kind ?? 'text' };
  }
}
