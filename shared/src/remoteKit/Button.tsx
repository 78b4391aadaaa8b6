import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import styled, { css } from 'styled-components';

/**
 * The site's buttons (remoteKit/CONTEXT.md): one look per purpose, focus ring and pressed state
 * built in, `type="button"` unless told (a button inside a form does not submit by accident).
 * - `primary`: the one action of a surface (赠送, 发布, 登录), brand-filled;
 * - `secondary`: bordered, the default (取消, 重试, a filter);
 * - `ghost`: no border, for a row of quiet actions (回复, 举报).
 * `aria-pressed="true"` shows a toggle pressed; `aria-expanded="true"` an open menu's trigger.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost';
export type ButtonSize = 'small' | 'medium' | 'large';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Takes its row's whole width (a sheet's send button). */
  block?: boolean;
}

const sizes = {
  small: css`
    padding: 3px 10px;
    font-size: ${({ theme }) => theme.font.small};
  `,
  medium: css`
    padding: 6px 14px;
  `,
  large: css`
    min-height: 44px;
    padding: 10px 20px;
    font-size: 16px;
  `,
};

const variants = {
  primary: css`
    border-color: ${({ theme }) => theme.colors.brand};
    background: ${({ theme }) => theme.colors.brand};
    color: ${({ theme }) => theme.colors.textInverse};
    &:hover:not(:disabled):not([aria-pressed='true']) {
      border-color: ${({ theme }) => theme.colors.brandDark};
      background: ${({ theme }) => theme.colors.brandDark};
    }
  `,
  secondary: css`
    border-color: ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    &:hover:not(:disabled):not([aria-pressed='true']) {
      border-color: ${({ theme }) => theme.colors.brand};
    }
  `,
  ghost: css`
    border-color: transparent;
    background: transparent;
    color: inherit;
    &:hover:not(:disabled):not([aria-pressed='true']) {
      background: rgba(0, 0, 0, 0.06);
    }
  `,
};

const StyledButton = styled.button<{ $variant: ButtonVariant; $size: ButtonSize; $block: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.small};
  font: inherit;
  line-height: 1.4;
  cursor: pointer;
  ${({ $size }) => sizes[$size]}
  ${({ $variant }) => variants[$variant]}

  /* Pressed wins over every variant's hover (white text must keep its dark ground: WCAG AA). */
  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.brandDark};
    background: ${({ theme }) => theme.colors.brandDark};
    color: ${({ theme }) => theme.colors.textInverse};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.brand};
    outline-offset: 2px;
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }
`;

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant = 'secondary', size = 'medium', block = false, type = 'button', ...rest }, ref) {
  return <StyledButton ref={ref} type={type} $variant={variant} $size={size} $block={block} {...rest} />;
});

export interface IconButtonProps extends Omit<ButtonProps, 'aria-label' | 'children'> {
  /** What the button does, read by screen readers and shown as the tooltip (an icon alone says nothing). */
  label: string;
  /** The icon (an emoji, an <img alt="">, an svg): hidden from screen readers, the label speaks. */
  icon: ReactNode;
  /** Text shown beside the icon (a count, a short name); the label still names the button. */
  text?: ReactNode;
}

const IconSlot = styled.span`
  display: inline-flex;
  font-size: 1.2em;
  line-height: 1;
  img,
  svg {
    width: 1.4em;
    height: 1.4em;
  }
`;

/** A button shown by its icon: always named (`aria-label`, `title`), 44 px square on a phone. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton({ label, icon, text, variant = 'ghost', ...rest }, ref) {
  return (
    <TouchButton ref={ref} aria-label={label} title={label} variant={variant} {...rest}>
      <IconSlot aria-hidden="true">{icon}</IconSlot>
      {text !== undefined && <span aria-hidden="true">{text}</span>}
    </TouchButton>
  );
});

const TouchButton = styled(Button)`
  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    min-width: 44px;
    min-height: 44px;
  }
`;
