import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n-react';

/** "Leave with unsaved changes?": staying keeps the page and what was typed, leaving discards it. */
export function UnsavedChangesModal({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Modal opened onClose={onStay} title={t('form.unsavedTitle')} centered data-testid="unsaved-modal">
      <Stack gap="md">
        <Text size="sm">{t('form.unsavedText')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onStay} data-autofocus>
            {t('form.stay')}
          </Button>
          <Button color="red" onClick={onLeave}>
            {t('form.leave')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
