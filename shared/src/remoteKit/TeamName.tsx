import styled from 'styled-components';

const Name = styled.span`
  display: inline-block;
  min-width: 0;
  max-width: 100%;
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
  vertical-align: bottom;
  /* The name reads left to right and is cut at its end, whatever the box around it aligns to
     (a right-aligned away team once showed 'Gen.G电子竞技俱乐部' as '.G电子竞技俱乐部'). */
  direction: ltr;
  unicode-bidi: isolate;
`;

export interface TeamNameProps {
  name: string;
  className?: string;
}

/**
 * A team's name in a card or a list row: one line, a long name ends with an ellipsis on the
 * right, and the full name is its title (shown on hover, read by assistive technology as the
 * text itself is whole in the DOM). Give its box a width (a flex or grid item with min-width 0, a
 * max-width) and it shrinks to it.
 */
export function TeamName({ name, className }: TeamNameProps) {
  return (
    <Name className={className} title={name} data-team-name="">
      {name}
    </Name>
  );
}
