// Small drawings for the editor walkthrough, one per step: the same room seen each time with the
// part that step is about in the accent colour. Plain SVG, so they cost no request and scale.

const INK = '#2b3340';
const SOFT = '#dfe6ef';
const ACCENT = '#3dabff';
const WARM = '#ff9f43';

/** The room every drawing shares: floor and two walls in perspective. */
function Room({ walls = SOFT, floor = '#eef2f7' }: { walls?: string; floor?: string }) {
  return (
    <>
      <polygon points="40,40 150,20 150,110 40,130" fill={walls} stroke={INK} strokeWidth="2" strokeLinejoin="round" />
      <polygon points="150,20 260,40 260,130 150,110" fill={walls} stroke={INK} strokeWidth="2" strokeLinejoin="round" opacity="0.85" />
      <polygon points="40,130 150,110 260,130 150,155" fill={floor} stroke={INK} strokeWidth="2" strokeLinejoin="round" />
    </>
  );
}

const ART: Record<number, () => React.ReactElement> = {
  // Create: walls being drawn, a pencil at the end of a new wall.
  0: () => (
    <>
      <Room walls="#ffffff" />
      <polyline points="40,130 150,110 260,130" fill="none" stroke={ACCENT} strokeWidth="5" strokeLinecap="round" />
      <line x1="150" y1="20" x2="150" y2="110" stroke={ACCENT} strokeWidth="5" strokeDasharray="8 6" strokeLinecap="round" />
      <circle cx="260" cy="130" r="7" fill={ACCENT} />
    </>
  ),
  // Design: walls painted, a swatch fan.
  1: () => (
    <>
      <Room walls="#bfe3ff" floor="#f3dcc2" />
      <rect x="196" y="58" width="26" height="40" rx="5" fill={WARM} stroke={INK} strokeWidth="2" transform="rotate(-14 209 78)" />
      <rect x="206" y="58" width="26" height="40" rx="5" fill={ACCENT} stroke={INK} strokeWidth="2" />
      <rect x="216" y="58" width="26" height="40" rx="5" fill="#7bd389" stroke={INK} strokeWidth="2" transform="rotate(14 229 78)" />
    </>
  ),
  // Content: a picture hung on the wall, a plant on the floor.
  2: () => (
    <>
      <Room />
      <polygon points="70,55 125,46 125,88 70,97" fill={ACCENT} stroke={INK} strokeWidth="3" strokeLinejoin="round" />
      <circle cx="92" cy="66" r="7" fill="#ffffff" />
      <rect x="200" y="104" width="22" height="20" rx="3" fill={WARM} stroke={INK} strokeWidth="2" />
      <circle cx="211" cy="94" r="14" fill="#7bd389" stroke={INK} strokeWidth="2" />
    </>
  ),
  // Paths: a dotted route between numbered stops.
  3: () => (
    <>
      <Room />
      <path d="M70 128 Q 120 112 150 130 T 230 126" fill="none" stroke={ACCENT} strokeWidth="4" strokeDasharray="2 9" strokeLinecap="round" />
      {[[70, 128], [150, 130], [230, 126]].map(([x, y], i) => (
        <g key={i}>
          <circle cx={x} cy={y} r="11" fill={ACCENT} stroke={INK} strokeWidth="2" />
          <text x={x} y={y! + 4} textAnchor="middle" fontSize="12" fontWeight="700" fill="#ffffff">{i + 1}</text>
        </g>
      ))}
    </>
  ),
  // Publish: the room in a card with a share arrow.
  4: () => (
    <>
      <g transform="translate(30 8) scale(0.75)">
        <Room />
      </g>
      <circle cx="238" cy="44" r="26" fill={ACCENT} stroke={INK} strokeWidth="2" />
      <path d="M226 52 L250 36 M238 34 L250 36 L248 48" fill="none" stroke="#ffffff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
};

/** The drawing for a walkthrough step (0–4). */
export function WalkthroughArt({ step }: { step: number }) {
  const Art = ART[step] ?? ART[0]!;
  return (
    <svg viewBox="0 0 300 165" width="100%" height="165" role="presentation" aria-hidden focusable="false">
      <Art />
    </svg>
  );
}
