import { Modal, type ModalProps } from '@mantine/core';

/** The app's modal dialog: centred, its close button named „Zamknij” for assistive technology. */
export function AppModal(props: ModalProps) {
  return <Modal centered closeButtonProps={{ 'aria-label': 'Zamknij' }} {...props} />;
}
