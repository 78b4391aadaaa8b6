import type { FormHTMLAttributes } from 'react';
import styled from 'styled-components';

const FormStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  max-width: 480px;
`;

/** A member form: a plain <form> (its props as given) whose fields stack; fields are the kit's `Field`. */
export function Form({ children, ...formProps }: FormHTMLAttributes<HTMLFormElement>) {
  return (
    <form {...formProps}>
      <FormStack>{children}</FormStack>
    </form>
  );
}

export const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

export const Notice = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.success};
`;

export const LinkList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;

  a {
    color: ${({ theme }) => theme.colors.brandDark};
  }

  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    gap: 0 16px;
    a {
      display: inline-flex;
      align-items: center;
      min-width: 44px;
      min-height: 44px;
    }
  }
`;

export const PlainList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
  }
  img {
    width: 32px;
    height: 32px;
    border-radius: 50%;
    object-fit: cover;
  }
  a {
    color: ${({ theme }) => theme.colors.brandDark};
  }
`;
