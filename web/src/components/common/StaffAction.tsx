import { staffRefusal } from '@gateway/shared';
import { Button, Tooltip, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../lib/user-store';

/** The user a staff action would be on. */
export interface StaffTarget {
  id: number;
  role: number;
}

/**
 * Why the signed-in staff member may not act on a user's money or standing (their own account,
 * or a user of their rank or above: the server refuses the same), in the interface language;
 * null when they may.
 */
export function useStaffRefusal(): (target: StaffTarget) => string | null {
  const me = useUser();
  const { t } = useTranslation();
  return (target) => {
    const refusal = me ? staffRefusal(me, target) : 'rank';
    return refusal ? t(`staffRefusal.${refusal}`) : null;
  };
}

/** A staff action that would be refused: its button disabled, saying why on hover. */
export function RefusedButton({ reason, ...props }: ButtonProps & { reason: string }) {
  return (
    <Tooltip title={reason}>
      {/* A disabled button gets no pointer events: the wrapper shows the tooltip. */}
      <span>
        <Button size="small" {...props} disabled />
      </span>
    </Tooltip>
  );
}
