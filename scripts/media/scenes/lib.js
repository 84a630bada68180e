/* Drawing helpers shared by the scenes: palette, gradients, and the recurring
   subjects (implants, teeth, jaws, people, rooms). Everything returns SVG markup
   strings; random choices use a seeded generator so every build is identical. */

const C = {
  navy: "#0f1b2d",
  navyL: "#1c2d47",
  navyM: "#2a3f62",
  slate: "#4b6283",
  gold: "#c09a58",
  goldD: "#8a6a32",
  goldL: "#f5ecdc",
  goldM: "#e2c88f",
  mist: "#f6f7f9",
  cloud: "#e7ebf1",
  ink: "#1f2937",
  white: "#ffffff",
  gum: "#d7a29c",
  gumD: "#b27a74",
  gumL: "#ecc5bf",
  bone: "#efe4cf",
  boneD: "#d3c09d",
  skin: "#c9a58a",
  scrub: "#3d6f8e",
  glove: "#d5e3f0",
};

const FONT = "Inter, sans-serif";
const SERIF = "Playfair, serif";

let defs = [];
let uid = 0;
const nextId = (prefix) => `${prefix}${++uid}`;

function rng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (n) => Math.round(n * 100) / 100;

function stopsMarkup(stops) {
  return stops
    .map((stop, i) => {
      const [color, opacity = 1, at = i / Math.max(1, stops.length - 1)] = Array.isArray(stop) ? stop : [stop];
      return `<stop offset="${f(at)}" stop-color="${color}" stop-opacity="${opacity}"/>`;
    })
    .join("");
}

/** A linear gradient from (x1,y1) to (x2,y2) in bounding-box units; returns url(#id). */
function lin(stops, x1 = 0, y1 = 0, x2 = 0, y2 = 1) {
  const id = nextId("l");
  defs.push(`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsMarkup(stops)}</linearGradient>`);
  return `url(#${id})`;
}

/** A radial gradient in bounding-box units; returns url(#id). */
function rad(stops, cx = 0.5, cy = 0.5, r = 0.5) {
  const id = nextId("r");
  defs.push(`<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopsMarkup(stops)}</radialGradient>`);
  return `url(#${id})`;
}

/** A radial gradient in user space, for glows that must stay round whatever their box. */
function radUser(stops, cx, cy, r) {
  const id = nextId("ru");
  defs.push(
    `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}">${stopsMarkup(stops)}</radialGradient>`,
  );
  return `url(#${id})`;
}

function blur(amount) {
  const id = nextId("b");
  defs.push(`<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${amount}"/></filter>`);
  return `url(#${id})`;
}

function shadow(dy = 12, amount = 14, opacity = 0.28) {
  const id = nextId("s");
  defs.push(
    `<filter id="${id}" x="-30%" y="-30%" width="160%" height="170%"><feDropShadow dx="0" dy="${dy}" stdDeviation="${amount}" flood-color="#0b1422" flood-opacity="${opacity}"/></filter>`,
  );
  return `url(#${id})`;
}

/** A clip path from a path's d; returns url(#id). */
function clip(d) {
  const id = nextId("c");
  defs.push(`<clipPath id="${id}"><path d="${d}"/></clipPath>`);
  return `url(#${id})`;
}

function svg(w, h, body) {
  const markup = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" preserveAspectRatio="xMidYMid slice"><defs>${defs.join("")}</defs>${body}</svg>`;
  defs = [];
  return markup;
}

const rect = (x, y, w, h, fill, extra = "") => `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}" ${extra}/>`;
const circle = (cx, cy, r, fill, extra = "") => `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}" ${extra}/>`;
const ellipse = (cx, cy, rx, ry, fill, extra = "") =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}" ${extra}/>`;
const path = (d, fill, extra = "") => `<path d="${d}" fill="${fill}" ${extra}/>`;
const line = (x1, y1, x2, y2, stroke, width = 1, extra = "") =>
  `<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" stroke="${stroke}" stroke-width="${width}" ${extra}/>`;
const text = (x, y, content, size, fill, extra = "") =>
  `<text x="${f(x)}" y="${f(y)}" font-family="${FONT}" font-size="${size}" fill="${fill}" ${extra}>${content}</text>`;
const g = (content, extra = "") => `<g ${extra}>${content}</g>`;

/** Soft darkening towards the edges, like a lens. */
function vignette(w, h, strength = 0.45, color = "#050b16") {
  return rect(0, 0, w, h, rad([[color, 0, 0.55], [color, strength, 1]], 0.5, 0.5, 0.75));
}

function bokeh(w, h, count, seed, colors = [C.gold, C.goldM, "#8fb0d8"], minR = 10, maxR = 60, maxOpacity = 0.35) {
  const random = rng(seed);
  const soft = blur(6);
  let out = "";
  for (let i = 0; i < count; i++) {
    const r = minR + random() * (maxR - minR);
    const color = colors[Math.floor(random() * colors.length)];
    out += circle(random() * w, random() * h, r, color, `opacity="${f(0.08 + random() * maxOpacity)}" filter="${soft}"`);
  }
  return out;
}

/** Titanium gradient across an implant's width. */
function titanium() {
  return lin(["#5d6b7c", "#c9d3de", "#f4f7fa", "#a9b6c4", "#56636f"], 0, 0, 1, 0);
}

/**
 * A root-form implant standing on its top centre (x, y), pointing down, length
 * len and width wid, optionally tilted (degrees) and with an abutment and crown.
 */
function implant(x, y, len, wid, { angle = 0, abutment = true, crown = false, crownColor = C.white, threadColor = "#3f4b59" } = {}) {
  const half = wid / 2;
  const collar = wid * 0.35;
  const threads = Math.max(5, Math.round((len - collar) / (wid * 0.22)));
  const pitch = (len - collar - wid * 0.35) / threads;
  let outline = `M ${f(-half)} 0 L ${f(half)} 0 L ${f(half)} ${f(collar)}`;
  for (let i = 0; i < threads; i++) {
    const taper = 1 - (i / threads) * 0.18;
    const y0 = collar + i * pitch;
    outline += ` L ${f(half * taper + wid * 0.08)} ${f(y0 + pitch * 0.45)} L ${f(half * taper)} ${f(y0 + pitch)}`;
  }
  const apexHalf = half * 0.82;
  outline += ` Q ${f(apexHalf)} ${f(len)} 0 ${f(len)} Q ${f(-apexHalf)} ${f(len)} ${f(-apexHalf)} ${f(len - wid * 0.35)}`;
  for (let i = threads - 1; i >= 0; i--) {
    const taper = 1 - (i / threads) * 0.18;
    const y0 = collar + i * pitch;
    outline += ` L ${f(-half * taper - wid * 0.08)} ${f(y0 + pitch * 0.55)} L ${f(-half * taper)} ${f(y0)}`;
  }
  outline += " Z";
  let grooves = "";
  for (let i = 0; i < threads; i++) {
    const taper = 1 - (i / threads) * 0.18;
    const y0 = collar + i * pitch;
    grooves += line(-half * taper, y0 + pitch * 0.2, half * taper, y0 + pitch * 0.75, threadColor, wid * 0.05, 'stroke-opacity="0.55" stroke-linecap="round"');
  }
  let top = "";
  if (abutment) {
    const ab = wid * 0.95;
    top += path(
      `M ${f(-half * 0.78)} 0 L ${f(-half * 0.6)} ${f(-ab)} Q 0 ${f(-ab * 1.12)} ${f(half * 0.6)} ${f(-ab)} L ${f(half * 0.78)} 0 Z`,
      lin([C.goldD, C.goldM, "#fff3d6", C.gold, C.goldD], 0, 0, 1, 0),
    );
  }
  if (crown) {
    top += toothCrown(0, abutment ? -wid * 0.55 : 0, wid * 1.7, wid * 1.45, { color: crownColor });
  }
  return g(
    path(outline, titanium(), `stroke="#46525f" stroke-width="${f(wid * 0.02)}"`) +
      g(grooves) +
      rect(-half, 0, wid, collar, lin(["#7f8c99", "#ffffff", "#b7c2ce", "#6c7986"], 0, 0, 1, 0), `rx="${f(wid * 0.04)}"`) +
      top,
    `transform="translate(${f(x)} ${f(y)}) rotate(${angle})"`,
  );
}

/** A molar-like crown whose cervical line is at (x, y), growing upwards (or downwards when flip). */
function toothCrown(x, y, w, h, { flip = false, color = C.white, kind = "molar" } = {}) {
  const hw = w / 2;
  const d =
    kind === "molar"
      ? `M ${f(-hw * 0.82)} 0 C ${f(-hw * 1.05)} ${f(-h * 0.45)} ${f(-hw * 1.02)} ${f(-h * 0.92)} ${f(-hw * 0.55)} ${f(-h)} Q ${f(-hw * 0.28)} ${f(-h * 0.86)} 0 ${f(-h * 0.95)} Q ${f(hw * 0.28)} ${f(-h * 0.86)} ${f(hw * 0.55)} ${f(-h)} C ${f(hw * 1.02)} ${f(-h * 0.92)} ${f(hw * 1.05)} ${f(-h * 0.45)} ${f(hw * 0.82)} 0 Q 0 ${f(h * 0.08)} ${f(-hw * 0.82)} 0 Z`
      : `M ${f(-hw * 0.75)} 0 C ${f(-hw)} ${f(-h * 0.5)} ${f(-hw * 0.95)} ${f(-h * 0.95)} ${f(-hw * 0.6)} ${f(-h)} L ${f(hw * 0.6)} ${f(-h)} C ${f(hw * 0.95)} ${f(-h * 0.95)} ${f(hw)} ${f(-h * 0.5)} ${f(hw * 0.75)} 0 Q 0 ${f(h * 0.08)} ${f(-hw * 0.75)} 0 Z`;
  const fill = lin([color, "#f3efe6", "#ddd6c8"], 0, 0, 1, 1);
  const shine = path(
    `M ${f(-hw * 0.5)} ${f(-h * 0.25)} Q ${f(-hw * 0.62)} ${f(-h * 0.7)} ${f(-hw * 0.3)} ${f(-h * 0.85)}`,
    "none",
    `stroke="#ffffff" stroke-width="${f(w * 0.06)}" stroke-linecap="round" opacity="0.85"`,
  );
  return g(path(d, fill, `stroke="#cfc6b4" stroke-width="${f(w * 0.012)}"`) + shine, `transform="translate(${f(x)} ${f(y)}) scale(1 ${flip ? -1 : 1})"`);
}

/**
 * An occlusal (from above) view of a dental arch: teeth placed along a U
 * curve centred on (cx, cy) opening downwards, with radii rx, ry.
 */
function archPoints(cx, cy, rx, ry, count, spread = 0.95) {
  const points = [];
  for (let i = 0; i < count; i++) {
    const t = -spread + (2 * spread * i) / (count - 1);
    const a = (t * Math.PI) / 2;
    points.push({ x: cx + rx * Math.sin(a), y: cy - ry * Math.cos(a), angle: (Math.atan2(ry * Math.sin(a), rx * Math.cos(a)) * 180) / Math.PI, t });
  }
  return points;
}

function occlusalTooth(x, y, size, angle, kind, palette = { fill: C.white, edge: "#d8cfbd", groove: "#c9bda5" }) {
  const w = kind === "molar" ? size * 1.05 : kind === "premolar" ? size * 0.8 : size * 0.72;
  const h = kind === "molar" ? size * 1.0 : kind === "premolar" ? size * 0.75 : size * 0.42;
  const body = `<rect x="${f(-w / 2)}" y="${f(-h / 2)}" width="${f(w)}" height="${f(h)}" rx="${f(Math.min(w, h) * 0.45)}" fill="${palette.fill}" stroke="${palette.edge}" stroke-width="${f(size * 0.03)}"/>`;
  const groove =
    kind === "molar"
      ? path(`M ${f(-w * 0.28)} 0 L ${f(w * 0.28)} 0 M 0 ${f(-h * 0.28)} L 0 ${f(h * 0.28)}`, "none", `stroke="${palette.groove}" stroke-width="${f(size * 0.04)}" stroke-linecap="round"`)
      : kind === "premolar"
        ? line(-w * 0.25, 0, w * 0.25, 0, palette.groove, size * 0.04, 'stroke-linecap="round"')
        : "";
  return g(body + groove, `transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})"`);
}

/** A full arch of 14 teeth seen from above. */
function occlusalArch(cx, cy, rx, ry, size, palette) {
  const kinds = ["molar", "molar", "premolar", "premolar", "canine", "incisor", "incisor", "incisor", "incisor", "canine", "premolar", "premolar", "molar", "molar"];
  return archPoints(cx, cy, rx, ry, kinds.length)
    .map((p, i) => occlusalTooth(p.x, p.y, size * (kinds[i] === "molar" ? 1.05 : 0.95), p.angle, kinds[i] === "canine" ? "premolar" : kinds[i], palette))
    .join("");
}

/** Gum-coloured horseshoe under an occlusal arch. */
function archGum(cx, cy, rx, ry, thickness, fill) {
  const outer = archPoints(cx, cy, rx + thickness, ry + thickness, 30, 1.02);
  const inner = archPoints(cx, cy, rx - thickness, ry - thickness, 30, 1.02).reverse();
  const d = `M ${outer.map((p) => `${f(p.x)} ${f(p.y)}`).join(" L ")} L ${inner.map((p) => `${f(p.x)} ${f(p.y)}`).join(" L ")} Z`;
  return path(d, fill, `stroke-linejoin="round" stroke="${fill}" stroke-width="${f(thickness * 0.6)}"`);
}

/**
 * A faceless standing figure, feet at (x, y), height h. Outfit: "coat" (white
 * coat over navy), "scrubs", "suit".
 */
function figure(x, y, h, { outfit = "coat", hair = "short", skin = C.skin, hairColor = "#2b2420", cap = false, mask = false, pose = "stand" } = {}) {
  const u = h / 100;
  const head = circle(0, -88 * u, 6.6 * u, skin);
  const hairShape =
    hair === "short"
      ? path(`M ${-6.9 * u} ${-88.5 * u} Q ${-7.2 * u} ${-96.5 * u} 0 ${-96 * u} Q ${7.4 * u} ${-96.5 * u} ${6.9 * u} ${-88 * u} Q ${3 * u} ${-92.5 * u} ${-6.9 * u} ${-88.5 * u} Z`, hairColor)
      : hair === "bun"
        ? circle(0, -97 * u, 3.4 * u, hairColor) +
          path(`M ${-6.9 * u} ${-87 * u} Q ${-7.5 * u} ${-96 * u} 0 ${-95.6 * u} Q ${7.5 * u} ${-96 * u} ${6.9 * u} ${-87 * u} Q ${2 * u} ${-92 * u} ${-6.9 * u} ${-87 * u} Z`, hairColor)
        : path(`M ${-7.2 * u} ${-80 * u} Q ${-8.5 * u} ${-97 * u} 0 ${-96 * u} Q ${8.5 * u} ${-97 * u} ${7.2 * u} ${-80 * u} L ${5 * u} ${-80 * u} Q ${5.5 * u} ${-91 * u} 0 ${-91 * u} Q ${-5.5 * u} ${-91 * u} ${-5 * u} ${-80 * u} Z`, hairColor);
  const capShape = cap ? path(`M ${-7.3 * u} ${-88 * u} Q ${-7.6 * u} ${-97.5 * u} 0 ${-97 * u} Q ${7.6 * u} ${-97.5 * u} ${7.3 * u} ${-88 * u} Z`, C.scrub) : "";
  const maskShape = mask ? path(`M ${-6 * u} ${-87 * u} L ${6 * u} ${-87 * u} L ${5 * u} ${-82.5 * u} Q 0 ${-80.5 * u} ${-5 * u} ${-82.5 * u} Z`, "#e8f1f7") : "";
  const neck = rect(-2.6 * u, -82.5 * u, 5.2 * u, 5 * u, skin);
  const torsoColor = outfit === "scrubs" ? C.scrub : outfit === "suit" ? C.navyL : C.white;
  const hem = outfit === "coat" ? -36 : -44;
  const torso = path(
    `M ${-13.5 * u} ${-70 * u} Q ${-14 * u} ${-78 * u} ${-7 * u} ${-79 * u} L ${7 * u} ${-79 * u} Q ${14 * u} ${-78 * u} ${13.5 * u} ${-70 * u} Q ${12 * u} ${-58 * u} ${10.5 * u} ${(hem + 8) * u} L ${(outfit === "coat" ? 12 : 10.5) * u} ${hem * u} L ${(outfit === "coat" ? -12 : -10.5) * u} ${hem * u} L ${-10.5 * u} ${(hem + 8) * u} Q ${-12 * u} ${-58 * u} ${-13.5 * u} ${-70 * u} Z`,
    torsoColor,
  );
  const under = outfit === "coat" ? path(`M ${-4 * u} ${-78.5 * u} L 0 ${-66 * u} L ${4 * u} ${-78.5 * u} Z`, C.navyM) : outfit === "suit" ? path(`M ${-4 * u} ${-78.5 * u} L 0 ${-64 * u} L ${4 * u} ${-78.5 * u} Z`, "#f1f3f6") + path(`M ${-0.9 * u} ${-76 * u} L ${0.9 * u} ${-76 * u} L ${1.3 * u} ${-66 * u} L 0 ${-64.5 * u} L ${-1.3 * u} ${-66 * u} Z`, C.gold) : "";
  const lapels = outfit === "coat" ? path(`M ${-4 * u} ${-78.5 * u} L 0 ${-62 * u} L ${4 * u} ${-78.5 * u}`, "none", `stroke="#d5dbe3" stroke-width="${0.6 * u}"`) + line(0, -62 * u, 0, -37 * u, "#d5dbe3", 0.5 * u) : "";
  const armColor = outfit === "coat" ? "#f0f2f5" : torsoColor;
  const arms =
    pose === "stand"
      ? path(`M ${-13.5 * u} ${-72 * u} Q ${-16.5 * u} ${-60 * u} ${-15.6 * u} ${-44 * u} L ${-11.8 * u} ${-44 * u} Q ${-12.4 * u} ${-58 * u} ${-11 * u} ${-66 * u} Z`, armColor, `stroke="${outfit === "coat" ? "#d5dbe3" : "none"}" stroke-width="${0.4 * u}"`) +
        path(`M ${13.5 * u} ${-72 * u} Q ${16.5 * u} ${-60 * u} ${15.6 * u} ${-44 * u} L ${11.8 * u} ${-44 * u} Q ${12.4 * u} ${-58 * u} ${11 * u} ${-66 * u} Z`, armColor, `stroke="${outfit === "coat" ? "#d5dbe3" : "none"}" stroke-width="${0.4 * u}"`) +
        ellipse(-13.7 * u, -42 * u, 1.8 * u, 2.4 * u, skin) +
        ellipse(13.7 * u, -42 * u, 1.8 * u, 2.4 * u, skin)
      : path(`M ${-13 * u} ${-74 * u} Q ${-15 * u} ${-64 * u} ${-12 * u} ${-56 * u} L ${4 * u} ${-58 * u} L ${4 * u} ${-54.5 * u} L ${-14 * u} ${-52 * u} Q ${-18 * u} ${-62 * u} ${-13 * u} ${-74 * u} Z`, armColor) +
        path(`M ${13 * u} ${-74 * u} Q ${15 * u} ${-64 * u} ${12 * u} ${-56 * u} L ${-4 * u} ${-58 * u} L ${-4 * u} ${-54.5 * u} L ${14 * u} ${-52 * u} Q ${18 * u} ${-62 * u} ${13 * u} ${-74 * u} Z`, armColor);
  const legColor = outfit === "scrubs" ? C.scrub : C.navy;
  const legTop = (outfit === "coat" ? -40 : -45) * u;
  const legs =
    path(`M ${-10 * u} ${legTop} L ${-0.6 * u} ${legTop} L ${-1 * u} ${-2 * u} L ${-8.6 * u} ${-2 * u} Z`, legColor) +
    path(`M ${10 * u} ${legTop} L ${0.6 * u} ${legTop} L ${1 * u} ${-2 * u} L ${8.6 * u} ${-2 * u} Z`, legColor);
  const shoes = rect(-9 * u, -2.4 * u, 7.6 * u, 2.4 * u, "#111827", `rx="${u}"`) + rect(1.4 * u, -2.4 * u, 7.6 * u, 2.4 * u, "#111827", `rx="${u}"`);
  return g(legs + shoes + torso + under + lapels + arms + neck + head + hairShape + capShape + maskShape, `transform="translate(${f(x)} ${f(y)})"`);
}

/** Head and shoulders from behind, for audiences. */
function audienceHead(x, y, s, color, hairColor) {
  return g(
    path(`M ${-32 * s} 0 Q ${-30 * s} ${-34 * s} 0 ${-36 * s} Q ${30 * s} ${-34 * s} ${32 * s} 0 Z`, color) +
      rect(-6 * s, -44 * s, 12 * s, 10 * s, hairColor) +
      ellipse(0, -52 * s, 12 * s, 14 * s, hairColor),
    `transform="translate(${f(x)} ${f(y)})"`,
  );
}

/** A dental chair in profile, facing left, its base at (x, y). */
function dentalChair(x, y, s, upholstery = C.navyL) {
  return g(
    ellipse(0, 0, 120 * s, 14 * s, "#000", 'opacity="0.18"') +
      rect(-40 * s, -60 * s, 80 * s, 60 * s, "#c9d1db", `rx="${10 * s}"`) +
      rect(-20 * s, -110 * s, 40 * s, 55 * s, "#aab5c2") +
      path(`M ${-150 * s} ${-150 * s} Q ${-160 * s} ${-118 * s} ${-128 * s} ${-112 * s} L ${70 * s} ${-104 * s} Q ${100 * s} ${-104 * s} ${110 * s} ${-128 * s} L ${150 * s} ${-250 * s} Q ${156 * s} ${-268 * s} ${138 * s} ${-270 * s} L ${120 * s} ${-268 * s} Q ${104 * s} ${-265 * s} ${96 * s} ${-238 * s} L ${72 * s} ${-150 * s} Z`, upholstery) +
      path(`M ${118 * s} ${-272 * s} Q ${140 * s} ${-300 * s} ${160 * s} ${-286 * s} Q ${170 * s} ${-270 * s} ${150 * s} ${-258 * s} Z`, upholstery) +
      rect(-160 * s, -158 * s, 60 * s, 12 * s, "#e1e6ec", `rx="${6 * s}"`),
    `transform="translate(${f(x)} ${f(y)})"`,
  );
}

/** The double-headed operating light seen slightly from below. */
function surgicalLamp(cx, cy, r, glow = true) {
  const glowFill = radUser([["#fff8e8", 0.9, 0], ["#ffe9c2", 0.35, 0.35], ["#ffe9c2", 0, 1]], cx, cy + r * 0.3, r * 3.2);
  let cells = "";
  for (let ring = 0; ring < 2; ring++) {
    const count = ring === 0 ? 6 : 12;
    const rr = ring === 0 ? r * 0.33 : r * 0.66;
    for (let i = 0; i < count; i++) {
      const a = (i / count) * Math.PI * 2 + ring * 0.26;
      cells += circle(cx + rr * Math.cos(a), cy + rr * 0.55 * Math.sin(a), r * 0.12, rad(["#ffffff", "#fff4dc", "#e9d3a8"]));
    }
  }
  return (
    (glow ? circle(cx, cy + r * 0.3, r * 3.2, glowFill) : "") +
    rect(cx - r * 0.05, cy - r * 3, r * 0.1, r * 2.5, "#9aa7b6") +
    ellipse(cx, cy, r * 1.05, r * 0.62, lin(["#d9dfe6", "#8795a6"])) +
    ellipse(cx, cy + r * 0.06, r * 0.92, r * 0.52, "#fdf6e7") +
    cells +
    circle(cx, cy + r * 0.05, r * 0.13, "#9aa7b6")
  );
}

/** A monitor with arbitrary screen content (drawn in a w x h box). */
function monitor(x, y, w, h, screen, { bezel = "#111a28", stand = true } = {}) {
  return g(
    (stand ? rect(w / 2 - w * 0.04, h, w * 0.08, h * 0.22, "#2a3342") + rect(w / 2 - w * 0.18, h * 1.2, w * 0.36, h * 0.04, "#2a3342", `rx="${h * 0.02}"`) : "") +
      rect(-w * 0.02, -w * 0.02, w * 1.04, h + w * 0.04, bezel, `rx="${w * 0.015}"`) +
      `<svg x="0" y="0" width="${f(w)}" height="${f(h)}" viewBox="0 0 ${f(w)} ${f(h)}">${screen}</svg>`,
    `transform="translate(${f(x)} ${f(y)})"`,
  );
}

/** A greyscale CBCT-like slice: bone shape with an implant, drawn in a w x h box. */
function cbctSlice(w, h, { implantAngle = 0, seed = 1 } = {}) {
  const random = rng(seed);
  let speckle = "";
  for (let i = 0; i < 40; i++) speckle += circle(random() * w, random() * h, 1 + random() * 3, "#fff", `opacity="${f(random() * 0.08)}"`);
  return (
    rect(0, 0, w, h, "#05080d") +
    speckle +
    path(`M ${w * 0.3} ${h * 0.95} Q ${w * 0.22} ${h * 0.45} ${w * 0.4} ${h * 0.2} Q ${w * 0.5} ${h * 0.1} ${w * 0.6} ${h * 0.2} Q ${w * 0.78} ${h * 0.45} ${w * 0.7} ${h * 0.95} Z`, rad(["#6e7884", "#c6ccd3", "#e8ebee"], 0.5, 0.6, 0.7), `filter="${blur(2)}"`) +
    path(`M ${w * 0.36} ${h * 0.9} Q ${w * 0.31} ${h * 0.5} ${w * 0.44} ${h * 0.28} Q ${w * 0.5} ${h * 0.22} ${w * 0.56} ${h * 0.28} Q ${w * 0.69} ${h * 0.5} ${w * 0.64} ${h * 0.9} Z`, "#3a4350", `opacity="0.55" filter="${blur(3)}"`) +
    g(
      rect(-w * 0.045, 0, w * 0.09, h * 0.46, "#f2f4f6", `rx="${w * 0.02}"`) + line(0, -h * 0.12, 0, h * 0.7, C.gold, 1.5, 'stroke-dasharray="5 4"'),
      `transform="translate(${w * 0.5} ${h * 0.24}) rotate(${implantAngle})"`,
    ) +
    line(w * 0.5, 0, w * 0.5, h, "#2bb3a0", 1, 'opacity="0.5"') +
    line(0, h * 0.5, w, h * 0.5, "#c0564b", 1, 'opacity="0.5"')
  );
}

/** A rounded label chip, as on a video's corner ("Day 1"). */
function badge(x, y, label, { size = 30, fill = "rgba(15,27,45,0.72)", color = C.white, accent = C.gold } = {}) {
  const w = label.length * size * 0.58 + size * 1.6;
  return g(
    rect(0, 0, w, size * 1.9, fill, `rx="${size * 0.95}"`) +
      circle(size * 0.95, size * 0.95, size * 0.22, accent) +
      `<text x="${f(size * 1.5)}" y="${f(size * 1.28)}" font-family="${SERIF}" font-size="${size}" font-weight="600" fill="${color}" letter-spacing="${size * 0.04}">${label}</text>`,
    `transform="translate(${f(x)} ${f(y)})"`,
  );
}

/** Thin architectural lines of a room: back wall, floor, ceiling, in one-point perspective. */
function roomBox(w, h, { wall, floor, ceiling, vx = w / 2, vy = h * 0.45, inset = 0.28 }) {
  const bx0 = vx - w * inset;
  const bx1 = vx + w * inset;
  const by0 = vy - h * inset * 0.9;
  const by1 = vy + h * inset * 0.9;
  return {
    markup:
      rect(0, 0, w, h, wall) +
      path(`M 0 ${h} L ${bx0} ${by1} L ${bx1} ${by1} L ${w} ${h} Z`, floor) +
      path(`M 0 0 L ${bx0} ${by0} L ${bx1} ${by0} L ${w} 0 Z`, ceiling) +
      rect(bx0, by0, bx1 - bx0, by1 - by0, wall),
    back: { x0: bx0, x1: bx1, y0: by0, y1: by1 },
  };
}
