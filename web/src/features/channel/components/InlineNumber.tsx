import { InputNumber } from 'antd';
import { useState } from 'react';

/** A number edited in place: saved on Enter or when the field loses focus, if it changed. */
export function InlineNumber({
  value,
  min,
  onSave,
  label,
}: {
  value: number;
  min?: number;
  onSave: (value: number) => Promise<unknown>;
  label: string;
}) {
  const [draft, setDraft] = useState<number | null>(value);
  const [shown, setShown] = useState(value);
  const [saving, setSaving] = useState(false);
  // A new value from the server replaces the draft (render-time sync, no effect needed).
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  const save = async () => {
    if (draft === null || draft === value) return setDraft(value);
    setSaving(true);
    try {
      await onSave(draft);
    } catch {
      setDraft(value);
    } finally {
      setSaving(false);
    }
  };
  return (
    <InputNumber
      size="small"
      min={min}
      precision={0}
      value={draft}
      disabled={saving}
      onChange={setDraft}
      onPressEnter={() => void save()}
      onBlur={() => void save()}
      aria-label={label}
      style={{ width: 76 }}
    />
  );
}
