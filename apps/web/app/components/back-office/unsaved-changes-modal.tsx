import { useTranslation } from '../../lib/i18n-react';
import { ConfirmDialog } from '../admin-ui';

/** "Leave with unsaved changes?": staying keeps the page and what was typed, leaving discards it. */
export function UnsavedChangesModal({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation('common');
  return (
    <ConfirmDialog
      opened
      onClose={onStay}
      title={t('form.unsavedTitle')}
      text={t('form.unsavedText')}
      cancelLabel={t('form.stay')}
      confirmLabel={t('form.leave')}
      onConfirm={onLeave}
      testId="unsaved-modal"
    />
  );
}
