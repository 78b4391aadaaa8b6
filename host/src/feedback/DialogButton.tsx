import { forwardRef } from 'react';
import styled from 'styled-components';
import { Button, type ButtonProps } from '@sports/shared';

const SizedButton = styled(Button)`
  min-width: 80px;
  min-height: 36px;
  padding: 0 16px;
`;

export interface DialogButtonProps extends Omit<ButtonProps, 'variant' | 'size'> {
  /** 'primary' for the main action (the kit's primary Button); kept on the element. */
  'data-variant'?: 'primary';
}

/** Footer buttons of a dialog (and the ops pages): the kit's Button, `data-variant="primary"` for the main action. */
export const DialogButton = forwardRef<HTMLButtonElement, DialogButtonProps>(function DialogButton(props, ref) {
  return <SizedButton ref={ref} variant={props['data-variant'] === 'primary' ? 'primary' : 'secondary'} {...props} />;
});
