/** The pitch the football charts are drawn on: metres, 105 x 68 (the feed's coordinates). */
export const PITCH_LENGTH = 105;
export const PITCH_WIDTH = 68;

/**
 * The lines of a 105 x 68 pitch in its own units (the caller's svg viewBox): halfway line, centre
 * circle, penalty and goal areas, penalty spots and the goals, as the laws of the game size them.
 */
export function PitchMarkings() {
  const mid = PITCH_WIDTH / 2;
  const box = { depth: 16.5, width: 40.32 };
  const six = { depth: 5.5, width: 18.32 };
  return (
    <g fill="none" stroke="#ffffff" strokeWidth={0.3} aria-hidden="true">
      <rect x={0} y={0} width={PITCH_LENGTH} height={PITCH_WIDTH} fill="#2e7d32" />
      <line x1={PITCH_LENGTH / 2} y1={0} x2={PITCH_LENGTH / 2} y2={PITCH_WIDTH} />
      <circle cx={PITCH_LENGTH / 2} cy={mid} r={9.15} />
      {[0, PITCH_LENGTH].map((goalLine) => {
        const inward = goalLine === 0 ? 1 : -1;
        const edge = (depth: number) => (inward === 1 ? goalLine : goalLine - depth);
        return (
          <g key={goalLine}>
            <rect x={edge(box.depth)} y={mid - box.width / 2} width={box.depth} height={box.width} />
            <rect x={edge(six.depth)} y={mid - six.width / 2} width={six.depth} height={six.width} />
            <circle cx={goalLine + inward * 11} cy={mid} r={0.3} fill="#ffffff" />
            <rect x={inward === 1 ? goalLine - 1.5 : goalLine} y={mid - 3.66} width={1.5} height={7.32} />
          </g>
        );
      })}
    </g>
  );
}
