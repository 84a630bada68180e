/* One function per illustration, keyed by the manifest name in app/content/media.ts. */
const SCENES = {};

/* Full-arch prosthesis about to seat on four implants (two tilted), side cross-section. */
SCENES["full-arch-case"] = () => {
  const w = 1600;
  const h = 1067;
  let out = rect(0, 0, w, h, lin(["#ffffff", C.mist, "#e6ebf2"]));
  out += circle(w * 0.5, h * 0.55, 620, radUser([[C.goldL, 0.9, 0], [C.goldL, 0, 1]], w * 0.5, h * 0.55, 620));
  // Jaw bone section with cortical rim and gum
  const jaw = `M 170 620 Q 180 560 260 555 L 1340 555 Q 1420 560 1430 620 L 1430 860 Q 1420 930 1330 935 L 270 935 Q 180 930 170 860 Z`;
  out += path(jaw, lin([C.bone, C.boneD]), `filter="${shadow(18, 24, 0.18)}"`);
  const random = rng(7);
  let trabecular = "";
  for (let i = 0; i < 160; i++) trabecular += circle(220 + random() * 1160, 600 + random() * 300, 3 + random() * 8, "#c9b38c", `opacity="${f(0.2 + random() * 0.3)}"`);
  out += g(trabecular, `clip-path="${clip("M 200 610 Q 210 585 270 582 L 1330 582 Q 1395 585 1400 610 L 1400 850 Q 1395 905 1320 908 L 280 908 Q 205 905 200 850 Z")}"`);
  out += path(`M 160 600 Q 170 520 270 515 L 1330 515 Q 1430 520 1440 600 L 1440 625 Q 1300 585 800 590 Q 300 585 160 625 Z`, lin([C.gumL, C.gum]));
  // Implants: two axial in front, two tilted distally
  out += implant(560, 560, 250, 46, {});
  out += implant(1040, 560, 250, 46, {});
  out += implant(380, 570, 290, 46, { angle: 28 });
  out += implant(1220, 570, 290, 46, { angle: -28 });
  // Prosthesis hovering above, with guide lines down to the abutments
  let teeth = "";
  const kinds = ["molar", "molar", "molar", "molar", "incisor", "incisor", "incisor", "incisor", "incisor", "incisor", "molar", "molar", "molar", "molar"];
  const tw = 1080 / kinds.length;
  kinds.forEach((kind, i) => {
    teeth += toothCrown(260 + tw * (i + 0.5), 300, tw * 1.02, kind === "molar" ? 120 : 150, { kind, flip: false });
  });
  const bridge = path(`M 240 300 Q 240 360 300 372 L 1300 372 Q 1360 360 1360 300 Z`, lin([C.gumL, C.gum]), `filter="${shadow(10, 16, 0.2)}"`) + g(teeth);
  out += g(bridge, `transform="translate(0 -30)"`);
  for (const x of [380, 560, 1040, 1220]) out += line(x, 350, x, 520, C.gold, 3, 'stroke-dasharray="10 10" stroke-linecap="round"');
  out += vignette(w, h, 0.12);
  return svg(w, h, out);
};

/* The institute at dusk: a glass-fronted building before a Dubai skyline. */
SCENES["about-institute"] = () => {
  const w = 1600;
  const h = 1067;
  let out = rect(0, 0, w, h, lin([["#0d1a2e", 1, 0], ["#27406a", 1, 0.45], ["#b98a58", 1, 0.78], ["#f0cf94", 1, 1]]));
  out += circle(1180, 700, 420, radUser([["#ffd9a0", 0.55, 0], ["#ffd9a0", 0, 1]], 1180, 700, 420));
  const random = rng(11);
  for (let i = 0; i < 70; i++) out += circle(random() * w, random() * 360, random() * 1.6 + 0.4, "#fff", `opacity="${f(0.2 + random() * 0.6)}"`);
  // Skyline, far then near
  let far = "";
  let x = 0;
  while (x < w) {
    const bw = 40 + random() * 70;
    const bh = 120 + random() * 200;
    far += rect(x, 760 - bh, bw, bh + 10, "#30466b", 'opacity="0.85"');
    x += bw + 6;
  }
  out += far;
  out += path("M 1130 760 L 1150 330 L 1160 120 L 1163 40 L 1166 120 L 1176 330 L 1196 760 Z", "#23385a");
  out += path("M 1138 560 L 1188 560 M 1142 450 L 1184 450 M 1147 340 L 1179 340", "none", 'stroke="#3b5580" stroke-width="4"');
  let near = "";
  x = -20;
  while (x < w) {
    const bw = 70 + random() * 90;
    const bh = 60 + random() * 150;
    near += rect(x, 770 - bh, bw, bh + 20, "#1b2c47");
    for (let wy = 780 - bh; wy < 760; wy += 22) for (let wx = x + 10; wx < x + bw - 10; wx += 18) if (random() > 0.55) near += rect(wx, wy, 8, 10, "#ffd58a", `opacity="${f(0.3 + random() * 0.6)}"`);
    x += bw + 10;
  }
  out += near;
  // The institute: a wide low glass building with a gold canopy
  const bx = 260;
  const by = 560;
  const bw = 1080;
  const bh = 300;
  out += rect(bx, by, bw, bh, lin(["#1a2a44", "#0f1b2d"]), `filter="${shadow(20, 30, 0.4)}"`);
  for (let i = 0; i < 18; i++) {
    for (let j = 0; j < 3; j++) {
      const lit = random() > 0.25;
      out += rect(bx + 24 + i * 58.5, by + 40 + j * 84, 50, 72, lit ? lin(["#ffe7b8", "#f0bf6e"]) : "#2a3f62", `opacity="${lit ? f(0.65 + random() * 0.35) : 1}"`);
    }
  }
  out += rect(bx - 40, by - 34, bw + 80, 34, lin([C.goldM, C.gold, C.goldD]));
  out += rect(bx - 40, by - 40, bw + 80, 8, "#fff1d3");
  out += `<text x="${bx + bw / 2}" y="${by - 9}" text-anchor="middle" font-family="${SERIF}" font-size="22" letter-spacing="8" fill="${C.navy}">GLOBAL IMPLANT INSTITUTE</text>`;
  // Reflecting pool and plaza
  out += rect(0, 860, w, 207, lin(["#121f35", "#0b1526"]));
  out += g(
    rect(bx, 868, bw, 160, lin([["#f0bf6e", 0.28], ["#f0bf6e", 0]]), `filter="${blur(6)}"`) + rect(bx - 40, 866, bw + 80, 6, C.gold, 'opacity="0.5"'),
  );
  for (let i = 0; i < 9; i++) out += rect(120 + i * 170, 900 + (i % 2) * 40, 90 + (i % 3) * 30, 3, "#ffe1a8", 'opacity="0.25"');
  // Palms
  const palm = (px, py, s) => {
    let leaves = "";
    for (let i = 0; i < 9; i++) {
      const a = -170 + i * 20;
      leaves += path(`M 0 0 Q ${f(60 * s)} ${f(-30 * s)} ${f(120 * s)} ${f(10 * s)} Q ${f(60 * s)} ${f(-12 * s)} 0 0 Z`, "#0a1322", `transform="rotate(${a})"`);
    }
    return g(path(`M ${-6 * s} 0 Q ${10 * s} ${150 * s} ${-4 * s} ${300 * s} L ${8 * s} ${300 * s} Q ${22 * s} ${150 * s} ${6 * s} 0 Z`, "#0a1322") + leaves, `transform="translate(${px} ${py})"`);
  };
  out += palm(150, 600, 1.05) + palm(1460, 610, 1) + palm(1380, 680, 0.7);
  out += vignette(w, h, 0.35);
  return svg(w, h, out);
};

/* A panoramic radiograph (OPG) in warm greys: natural upper teeth, a lower arch restored on four implants. */
SCENES["flagship-course"] = () => {
  const w = 1600;
  const h = 900;
  const occlusal = (x) => 455 - Math.pow((x - 800) / 560, 2) * 55;
  let out = rect(0, 0, w, h, "#06090f");
  out += ellipse(800, 460, 780, 430, rad([["#1a2233", 1, 0], ["#06090f", 1, 1]]));
  const soft = blur(6);
  // Mandible with its rami, maxilla, sinuses and nasal cavity
  out += path("M 120 170 Q 160 140 215 175 L 250 470 Q 520 540 800 545 Q 1080 540 1350 470 L 1385 175 Q 1440 140 1480 170 L 1470 520 Q 1420 880 800 890 Q 180 880 130 520 Z", "#8a8478", `opacity="0.8" filter="${soft}"`);
  out += path("M 250 470 Q 520 540 800 545 Q 1080 540 1350 470 L 1340 560 Q 1080 640 800 650 Q 520 640 260 560 Z", "#a39c8e", `opacity="0.5" filter="${soft}"`);
  out += path("M 240 250 Q 800 150 1360 250 L 1350 400 Q 800 470 250 400 Z", "#7d786e", `opacity="0.65" filter="${blur(14)}"`);
  out += ellipse(470, 250, 190, 80, "#0b0f17", `opacity="0.75" filter="${blur(20)}"`);
  out += ellipse(1130, 250, 190, 80, "#0b0f17", `opacity="0.75" filter="${blur(20)}"`);
  out += ellipse(800, 170, 120, 70, "#0b0f17", `opacity="0.8" filter="${blur(16)}"`);
  out += path("M 300 700 Q 520 780 700 750", "none", `stroke="#2a2a2c" stroke-width="16" opacity="0.6" filter="${soft}"`);
  out += path("M 1300 700 Q 1080 780 900 750", "none", `stroke="#2a2a2c" stroke-width="16" opacity="0.6" filter="${soft}"`);
  // Upper natural teeth: crowns meeting the occlusal plane, roots reaching up
  const widths = [66, 68, 70, 54, 52, 50, 44, 48, 48, 44, 50, 52, 54, 70, 68, 66];
  const total = widths.reduce((a, b) => a + b, 0) + widths.length * 4;
  let x = 800 - total / 2;
  let upper = "";
  widths.forEach((tw) => {
    const cx = x + tw / 2;
    const y = occlusal(cx);
    const rootLen = tw > 60 ? 95 : tw > 50 ? 110 : 125;
    upper += path(`M ${f(cx - tw * 0.4)} ${f(y - 70)} Q ${f(cx - tw * 0.32)} ${f(y - 70 - rootLen)} ${f(cx)} ${f(y - 70 - rootLen)} Q ${f(cx + tw * 0.32)} ${f(y - 70 - rootLen)} ${f(cx + tw * 0.4)} ${f(y - 70)} Z`, "#a49c8e", 'opacity="0.75"');
    upper += path(`M ${f(cx - tw / 2)} ${f(y - 72)} L ${f(cx + tw / 2)} ${f(y - 72)} Q ${f(cx + tw / 2 + 2)} ${f(y - 4)} ${f(cx + tw * 0.25)} ${f(y)} L ${f(cx - tw * 0.25)} ${f(y)} Q ${f(cx - tw / 2 - 2)} ${f(y - 4)} ${f(cx - tw / 2)} ${f(y - 72)} Z`, "#efe7d8", 'opacity="0.92"');
    upper += rect(cx - tw * 0.12, y - 60, tw * 0.24, 40, "#b3a995", 'opacity="0.5" rx="8"');
    x += tw + 4;
  });
  out += g(upper, `filter="${blur(1.8)}"`);
  // Lower full-arch prosthesis: uniform crowns on a bright framework, four implants below
  let lower = "";
  x = 800 - total / 2 + 40;
  widths.slice(1, 15).forEach((tw) => {
    const cx = x + tw / 2 + 2;
    const y = occlusal(cx) + 8;
    lower += path(`M ${f(cx - tw * 0.3)} ${f(y)} L ${f(cx + tw * 0.3)} ${f(y)} Q ${f(cx + tw / 2 + 2)} ${f(y + 6)} ${f(cx + tw / 2)} ${f(y + 66)} L ${f(cx - tw / 2)} ${f(y + 66)} Q ${f(cx - tw / 2 - 2)} ${f(y + 6)} ${f(cx - tw * 0.3)} ${f(y)} Z`, "#f6f0e4", 'opacity="0.9"');
    x += tw + 4;
  });
  const barTop = [];
  for (let bx = 380; bx <= 1220; bx += 20) barTop.push(`${bx} ${f(occlusal(bx) + 72)}`);
  const barBottom = barTop.map((point) => point.split(" ").map(Number)).reverse().map(([bx, by]) => `${bx} ${f(by + 22)}`);
  lower += path(`M ${barTop.join(" L ")} L ${barBottom.join(" L ")} Z`, "#fffaf0");
  for (const [ix, a] of [[450, 16], [660, 0], [940, 0], [1150, -16]]) {
    const iy = occlusal(ix) + 90;
    lower += g(rect(-15, 0, 30, 180, "#ffffff", 'rx="10"') + rect(-19, -14, 38, 22, "#fffaf0", 'rx="4"'), `transform="translate(${ix} ${f(iy)}) rotate(${a})"`);
  }
  out += g(lower, `filter="${blur(1.4)}"`);
  // Viewer frame
  const corner = (cx, cy, sx, sy) => path(`M ${cx} ${cy + sy * 60} L ${cx} ${cy} L ${cx + sx * 60} ${cy}`, "none", `stroke="${C.gold}" stroke-width="4"`);
  out += corner(60, 60, 1, 1) + corner(w - 60, 60, -1, 1) + corner(60, h - 60, 1, -1) + corner(w - 60, h - 60, -1, -1);
  out += text(92, h - 80, "R", 26, C.goldM, 'font-weight="600" opacity="0.8"');
  out += text(w - 108, h - 80, "L", 26, C.goldM, 'font-weight="600" opacity="0.8"');
  out += rect(0, 0, w, h, lin([["#c09a58", 0.08], ["#c09a58", 0], ["#0f1b2d", 0.25]]));
  out += vignette(w, h, 0.55);
  return svg(w, h, out);
};

/* A technical drawing of an implant on navy, the left side kept calm for a heading. */
SCENES["courses-hero"] = () => {
  const w = 1600;
  const h = 900;
  let out = rect(0, 0, w, h, lin([C.navy, "#14233b", C.navyL], 0, 0, 1, 1));
  let grid = "";
  for (let x = 0; x <= w; x += 40) grid += line(x, 0, x, h, "#3a5580", x % 200 === 0 ? 1.2 : 0.5, `opacity="${x % 200 === 0 ? 0.35 : 0.18}"`);
  for (let y = 0; y <= h; y += 40) grid += line(0, y, w, y, "#3a5580", y % 200 === 0 ? 1.2 : 0.5, `opacity="${y % 200 === 0 ? 0.35 : 0.18}"`);
  out += grid;
  out += circle(1100, 450, 520, radUser([[C.gold, 0.22, 0], [C.gold, 0, 1]], 1100, 450, 520));
  out += circle(1100, 450, 330, "none", `stroke="${C.gold}" stroke-width="1.5" opacity="0.45" stroke-dasharray="4 10"`);
  out += circle(1100, 450, 250, "none", `stroke="${C.goldM}" stroke-width="1" opacity="0.35"`);
  out += g(implant(0, -40, 360, 110, { crown: true }), `transform="translate(1100 300) rotate(-12)" filter="${shadow(30, 30, 0.5)}"`);
  // Dimension lines, as on a drawing
  const dim = (x1, y1, x2, y2, label, tx, ty) =>
    line(x1, y1, x2, y2, C.goldM, 2) + circle(x1, y1, 5, C.goldM) + circle(x2, y2, 5, C.goldM) + text(tx, ty, label, 22, C.goldM, 'font-weight="500" letter-spacing="2"');
  out += g(dim(140, -40, 140, 320, "", 0, 0) + text(160, 150, "11.5 mm", 22, C.goldM, 'font-weight="500" letter-spacing="2"'), 'transform="translate(1100 300) rotate(-12)"');
  out += dim(990, 720, 1110, 745, "Ø 4.1", 985, 785);
  out += line(1100, 90, 1100, 820, C.gold, 1, 'opacity="0.5" stroke-dasharray="18 8 4 8"');
  out += rect(0, 0, w, h, lin([[C.navy, 0.92, 0], [C.navy, 0.6, 0.4], [C.navy, 0, 0.7]], 0, 0, 1, 0));
  out += vignette(w, h, 0.4);
  return svg(w, h, out);
};

/* A simplified, not-to-scale map of the Dubai Healthcare City area with the institute's pin. */
SCENES["location-map"] = () => {
  const w = 1600;
  const h = 1000;
  let out = rect(0, 0, w, h, "#eef0ec");
  // Blocks of the surrounding districts
  const random = rng(21);
  for (let i = 0; i < 90; i++) {
    const bx = random() * w;
    const by = random() * h;
    out += rect(bx, by, 40 + random() * 90, 30 + random() * 70, "#e2e5df", 'rx="6"');
  }
  // Dubai Creek across the top right, with the park along its bank
  out += path("M 700 -20 Q 900 120 1150 140 Q 1400 160 1620 330 L 1620 -20 Z", "#c9dbe8");
  out += path("M 700 -20 Q 900 120 1150 140 Q 1400 160 1620 330", "none", 'stroke="#b3cadb" stroke-width="6"');
  out += path("M 1000 150 Q 1150 175 1300 190 Q 1450 215 1620 345 L 1620 520 Q 1420 420 1250 380 L 1050 330 Z", "#d5e6cf");
  // Dubai Healthcare City district, highlighted
  const dhcc = "M 560 300 L 1040 330 L 1230 390 L 1180 700 L 600 690 Z";
  out += path(dhcc, C.goldL, `stroke="${C.gold}" stroke-width="3" stroke-dasharray="12 8"`);
  for (let i = 0; i < 16; i++) {
    const bx = 620 + (i % 5) * 110;
    const by = 360 + Math.floor(i / 5) * 90;
    out += rect(bx, by, 80, 58, "#ead8b8", 'rx="8"');
  }
  // Roads
  const road = (d, width, label, lx, ly, angle = 0) =>
    path(d, "none", `stroke="#d2d6db" stroke-width="${width + 6}" stroke-linecap="round" stroke-linejoin="round"`) +
    path(d, "none", `stroke="#ffffff" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`) +
    (label ? text(lx, ly, label, 20, "#6b7684", `font-weight="600" letter-spacing="1.5" transform="rotate(${angle} ${lx} ${ly})"`) : "");
  out += road("M 480 1020 L 500 600 Q 505 320 420 -20", 30, "OUD METHA RD", 478, 1000, -87);
  out += road("M -20 250 Q 400 260 700 200 Q 900 160 1080 -20", 28, "SHEIKH RASHID RD", 150, 236, -1);
  out += road("M 1300 1020 L 1270 640 Q 1260 460 1330 250", 24, "AL QATAIYAT RD", 1297, 990, -93);
  out += road("M -20 760 L 1620 790", 22, "", 0, 0);
  out += road("M 500 520 L 1250 540", 12, "", 0, 0);
  out += road("M 880 300 L 870 700", 12, "", 0, 0);
  // Metro line and station
  out += path("M 560 1020 L 556 620 Q 550 420 300 200 Q 200 110 160 -20", "none", 'stroke="#3f9a6b" stroke-width="7" opacity="0.75"');
  out += circle(556, 700, 14, "#ffffff", 'stroke="#3f9a6b" stroke-width="6"');
  out += `<text x="532" y="706" text-anchor="end" font-family="${FONT}" font-size="20" font-weight="600" fill="#2f6e4e">Healthcare City Metro</text>`;
  // Place names
  out += text(1290, 110, "Dubai Creek", 30, "#5a7a94", 'font-style="italic" font-weight="500"');
  out += text(1300, 300, "Dubai Creek Park", 22, "#5f7f57", 'font-weight="600"');
  out += text(120, 520, "OUD METHA", 24, "#9aa3ad", 'font-weight="700" letter-spacing="6"');
  out += text(1350, 620, "AL JADDAF", 24, "#9aa3ad", 'font-weight="700" letter-spacing="6"');
  out += `<text x="895" y="670" text-anchor="middle" font-family="${SERIF}" font-size="30" font-weight="600" fill="${C.goldD}">Dubai Healthcare City</text>`;
  // The pin, with its label card
  const px = 900;
  const py = 470;
  out += ellipse(px, py + 4, 26, 9, "#000", `opacity="0.25" filter="${blur(3)}"`);
  out += circle(px, py, 70, C.gold, 'opacity="0.16"') + circle(px, py, 40, C.gold, 'opacity="0.22"');
  out += g(path("M 0 0 C -10 -24 -44 -44 -44 -78 A 44 44 0 1 1 44 -78 C 44 -44 10 -24 0 0 Z", C.navy) + circle(0, -78, 18, C.gold), `transform="translate(${px} ${py})" filter="${shadow(8, 8, 0.3)}"`);
  out += g(
    rect(0, 0, 380, 92, "#ffffff", `rx="14" filter="${shadow(10, 14, 0.18)}"`) +
      rect(0, 0, 8, 92, C.gold, 'rx="4"') +
      `<text x="28" y="40" font-family="${SERIF}" font-size="26" font-weight="600" fill="${C.navy}">Global Implant Institute</text>` +
      text(28, 72, "Dubai Healthcare City, Dubai", 19, "#5b6675", 'font-weight="500"'),
    `transform="translate(${px + 70} ${py - 170})"`,
  );
  // Compass and note
  out += g(
    circle(0, 0, 44, "#ffffff", `filter="${shadow(4, 8, 0.15)}"`) + path("M 0 -30 L 11 8 L 0 2 L -11 8 Z", C.navy) + `<text x="0" y="-50" text-anchor="middle" font-family="${FONT}" font-size="20" font-weight="700" fill="${C.navy}">N</text>`,
    "transform=\"translate(1500 880)\"",
  );
  out += text(40, 970, "Illustrative map, not to scale", 18, "#8a94a0", 'font-style="italic"');
  return svg(w, h, out);
};

/* The surgical theatre: twin operating lights over a dental chair, a monitor and the team. */
function theatreScene(w, h, { dark = false, team = true, seed = 3, wallColors = ["#dfe7ee", "#c9d5e0"], vx = w / 2 } = {}) {
  const wall = dark ? lin(["#0c1626", "#142238"]) : lin(wallColors);
  const room = roomBox(w, h, { wall, floor: dark ? lin(["#1a2740", "#0b1320"]) : lin(["#b9c6d3", "#e8edf2"]), ceiling: dark ? "#0a1220" : "#eef2f6", vx, vy: h * 0.42, inset: 0.34 });
  let out = room.markup;
  const { x0, x1, y0, y1 } = room.back;
  // Back wall: glass panel with light behind, and cabinets
  out += rect(x0 + 40, y0 + 40, (x1 - x0) * 0.45, (y1 - y0) * 0.55, dark ? "#1d3150" : "#f4f8fb", 'rx="6"');
  out += rect(x0 + 40, y0 + 40, (x1 - x0) * 0.45, (y1 - y0) * 0.55, lin([["#ffffff", dark ? 0.05 : 0.6], ["#ffffff", 0]], 0, 0, 1, 1), 'rx="6"');
  for (let i = 0; i < 4; i++) out += rect(x0 + (x1 - x0) * 0.55 + i * ((x1 - x0) * 0.105), y1 - (y1 - y0) * 0.42, (x1 - x0) * 0.095, (y1 - y0) * 0.42, dark ? "#22344f" : "#f8fafc", `stroke="${dark ? "#2f4566" : "#cfd8e2"}" stroke-width="2"`);
  out += rect(x0 + (x1 - x0) * 0.55, y1 - (y1 - y0) * 0.45, (x1 - x0) * 0.42, 10, C.gold, 'opacity="0.8"');
  // Floor sheen
  out += ellipse(w * 0.5, h * 0.9, w * 0.45, h * 0.08, "#ffffff", `opacity="${dark ? 0.05 : 0.35}" filter="${blur(20)}"`);
  // Chair and patient drape
  out += dentalChair(w * 0.47, h * 0.86, h / 1000 * 1.35, dark ? C.navyM : C.navyL);
  out += path(`M ${w * 0.32} ${h * 0.66} Q ${w * 0.4} ${h * 0.6} ${w * 0.55} ${h * 0.63} L ${w * 0.58} ${h * 0.68} Q ${w * 0.45} ${h * 0.7} ${w * 0.32} ${h * 0.7} Z`, "#7fb3c8", 'opacity="0.9"');
  // Monitor on an arm with a radiograph
  out += line(w * 0.8, 0, w * 0.8, h * 0.2, "#8996a6", 8);
  out += line(w * 0.8, h * 0.2, w * 0.72, h * 0.3, "#8996a6", 8);
  out += monitor(w * 0.64, h * 0.28, w * 0.16, h * 0.16, cbctSlice(w * 0.16, h * 0.16, { seed }), { stand: false });
  // Instrument tray
  out += rect(w * 0.18, h * 0.62, w * 0.12, h * 0.012, "#9aa7b6");
  out += rect(w * 0.235, h * 0.632, w * 0.01, h * 0.2, "#9aa7b6");
  out += rect(w * 0.17, h * 0.6, w * 0.14, h * 0.025, "#e8edf2", 'rx="4"');
  for (let i = 0; i < 6; i++) out += line(w * 0.18 + i * w * 0.02, h * 0.605, w * 0.185 + i * w * 0.02, h * 0.618, i % 2 ? C.gold : "#6b7785", 4, 'stroke-linecap="round"');
  // Team
  if (team) {
    out += figure(w * 0.36, h * 0.93, h * 0.56, { outfit: "scrubs", cap: true, mask: true, pose: "work", hair: "short" });
    out += figure(w * 0.6, h * 0.95, h * 0.58, { outfit: "scrubs", cap: true, mask: true, pose: "work", skin: "#a87d62" });
  }
  // Lights last: they glow over everything
  out += surgicalLamp(w * 0.42, h * 0.14, h * 0.085);
  out += surgicalLamp(w * 0.56, h * 0.1, h * 0.07);
  out += vignette(w, h, dark ? 0.6 : 0.25);
  return out;
}

SCENES["training-theatre"] = () => svg(1600, 1000, theatreScene(1600, 1000));

/* A lecture: presenter beside a large screen, the audience seen from behind. */
function lectureScene(w, h, { slide = "implant", seed = 4, dayLabel = "" } = {}) {
  let out = rect(0, 0, w, h, lin(["#15243b", "#0d1828"]));
  for (let i = 0; i < 6; i++) out += ellipse(w * (0.1 + i * 0.16), h * 0.04, w * 0.05, h * 0.015, "#fff3da", `opacity="0.55" filter="${blur(6)}"`);
  out += rect(0, h * 0.62, w, h * 0.38, "#0a1220");
  // Screen with the slide
  const sx = w * 0.2;
  const sy = h * 0.1;
  const sw = w * 0.52;
  const sh = sw * 0.5625;
  out += rect(sx - 12, sy - 12, sw + 24, sh + 24, "#05090f", `filter="${shadow(0, 40, 0.6)}"`);
  out += ellipse(sx + sw / 2, sy + sh / 2, sw * 0.8, sh * 0.9, "#bcd3f0", `opacity="0.12" filter="${blur(60)}"`);
  let slideContent = rect(0, 0, sw, sh, "#ffffff") + rect(0, 0, sw, sh * 0.12, C.navy) + rect(0, sh * 0.12, sw, 6, C.gold);
  slideContent += text(sw * 0.04, sh * 0.085, "GLOBAL IMPLANT INSTITUTE", sh * 0.04, "#ffffff", 'font-weight="600" letter-spacing="3"');
  if (slide === "implant") {
    slideContent += `<text x="${sw * 0.05}" y="${sh * 0.28}" font-family="${SERIF}" font-size="${sh * 0.075}" font-weight="600" fill="${C.navy}">Implant site assessment</text>`;
    for (let i = 0; i < 4; i++) slideContent += rect(sw * 0.05, sh * (0.38 + i * 0.1), sw * (0.34 - (i % 2) * 0.08), sh * 0.03, "#c8d0da", 'rx="6"') + circle(sw * 0.035, sh * (0.395 + i * 0.1), sh * 0.012, C.gold);
    slideContent += g(implant(0, 0, sh * 0.5, sh * 0.14, { crown: true }), `transform="translate(${sw * 0.72} ${sh * 0.36})"`);
  } else {
    slideContent += `<text x="${sw * 0.05}" y="${sh * 0.28}" font-family="${SERIF}" font-size="${sh * 0.075}" font-weight="600" fill="${C.navy}">Treatment planning</text>`;
    slideContent += g(cbctSlice(sw * 0.4, sh * 0.6, { seed, implantAngle: 8 }), `transform="translate(${sw * 0.55} ${sh * 0.3})"`);
    for (let i = 0; i < 3; i++) slideContent += rect(sw * 0.05, sh * (0.4 + i * 0.12), sw * 0.38, sh * 0.035, "#c8d0da", 'rx="6"');
  }
  out += `<svg x="${sx}" y="${sy}" width="${sw}" height="${sh}" viewBox="0 0 ${sw} ${sh}">${slideContent}</svg>`;
  // Presenter at a lectern
  out += figure(w * 0.82, h * 0.72, h * 0.46, { outfit: "suit", hair: "short", skin: "#b58a6e" });
  out += path(`M ${w * 0.86} ${h * 0.52} L ${w * 0.96} ${h * 0.52} L ${w * 0.945} ${h * 0.74} L ${w * 0.875} ${h * 0.74} Z`, C.navyM);
  out += rect(w * 0.865, h * 0.51, w * 0.1, h * 0.018, C.gold);
  out += ellipse(w * 0.82, h * 0.34, w * 0.12, h * 0.22, "#ffe7bf", `opacity="0.12" filter="${blur(40)}"`);
  // Audience rows
  const random = rng(seed);
  const hairs = ["#1d1a18", "#3b2a20", "#5a4636", "#2a2522", "#8a7058"];
  const coats = [C.navyM, "#33496d", "#3d5273", "#24375a", "#4a5f82"];
  for (let row = 0; row < 3; row++) {
    const y = h * (0.84 + row * 0.12);
    const s = h / 1000 * (1.25 + row * 0.35);
    const n = 7 - row;
    for (let i = 0; i < n; i++) {
      const x = w * ((i + 0.5 + (row % 2) * 0.3) / n) + (random() - 0.5) * 30;
      out += audienceHead(x, y, s, coats[Math.floor(random() * coats.length)], hairs[Math.floor(random() * hairs.length)]);
    }
  }
  if (dayLabel) out += badge(w * 0.04, h * 0.05, dayLabel, { size: h * 0.035 });
  out += vignette(w, h, 0.45);
  return out;
}

SCENES["training-lecture"] = () => svg(1600, 1000, lectureScene(1600, 1000));

/* Hands-on workshop from above: jaw models, gloved hands, instruments and implant kits. */
function handsOnScene(w, h, { seed = 8 } = {}) {
  let out = rect(0, 0, w, h, lin(["#f4f1ea", "#e4ded2"], 0, 0, 1, 1));
  // Bench mats
  out += rect(w * 0.06, h * 0.1, w * 0.5, h * 0.8, "#1f3352", `rx="28" filter="${shadow(10, 18, 0.25)}"`);
  out += rect(w * 0.6, h * 0.12, w * 0.34, h * 0.5, "#ffffff", `rx="20" filter="${shadow(8, 14, 0.18)}"`);
  // Jaw model on the mat, seen from above
  const cx = w * 0.31;
  const cy = h * 0.76;
  out += ellipse(cx, cy - h * 0.2, w * 0.2, h * 0.3, "#0b1526", `opacity="0.35" filter="${blur(18)}"`);
  out += archGum(cx, cy, w * 0.17, h * 0.44, h * 0.065, C.gum);
  out += occlusalArch(cx, cy, w * 0.17, h * 0.44, h * 0.075);
  out += circle(cx - w * 0.115, cy - h * 0.25, h * 0.02, C.gold) + circle(cx + w * 0.115, cy - h * 0.25, h * 0.02, C.gold);
  // The handpiece resting at an implant site
  const hx = cx + w * 0.115;
  const hy = cy - h * 0.25;
  out += g(rect(0, -11, 320, 22, lin(["#eef2f6", "#9aa7b6"]), 'rx="11"') + rect(-40, -6, 44, 12, C.gold, 'rx="4"') + rect(300, -9, 90, 18, "#5f6b78", 'rx="9"'), `transform="translate(${hx} ${hy}) rotate(-38)"`);
  // Instrument tray with drills in sequence
  const random = rng(seed);
  for (let i = 0; i < 8; i++) {
    const x = w * 0.64 + i * w * 0.035;
    const len = h * (0.18 + i * 0.012);
    out += rect(x, h * 0.2, w * 0.012, len, lin(["#7d8997", "#eef2f6", "#8a96a4"], 0, 0, 1, 0), 'rx="4"');
    out += rect(x - 3, h * 0.2, w * 0.012 + 6, h * 0.03, i % 3 === 0 ? C.gold : i % 3 === 1 ? "#3d6f8e" : "#7d3f4a", 'rx="3"');
  }
  out += text(w * 0.64, h * 0.57, "SURGICAL KIT", h * 0.022, C.navy, 'font-weight="700" letter-spacing="4" opacity="0.6"');
  // Implant boxes
  for (let i = 0; i < 4; i++) {
    const x = w * 0.62 + i * w * 0.085;
    out += rect(x, h * 0.7, w * 0.07, h * 0.18, "#ffffff", `rx="8" filter="${shadow(6, 8, 0.2)}"`);
    out += rect(x, h * 0.7, w * 0.07, h * 0.04, i % 2 ? C.navy : C.gold, 'rx="8"');
    out += rect(x + w * 0.012, h * 0.77, w * 0.045, h * 0.01, "#c8d0da") + rect(x + w * 0.012, h * 0.795, w * 0.03, h * 0.01, "#c8d0da");
  }
  // A loupe and a pen on the bench
  out += circle(w * 0.9, h * 0.08, h * 0.05, "none", `stroke="${C.navyL}" stroke-width="10"`) + rect(w * 0.86, h * 0.1, w * 0.05, h * 0.014, C.navyL, `transform="rotate(35 ${w * 0.88} ${h * 0.1})"`);
  out += rect(w * 0.6, h * 0.95, w * 0.2, h * 0.016, C.gold, `rx="6" transform="rotate(-4 ${w * 0.7} ${h * 0.95})"`);
  out += vignette(w, h, 0.15, "#3a3226");
  return out;
}

SCENES["training-hands-on"] = () => svg(1600, 1000, handsOnScene(1600, 1000));

/* Digital treatment planning on a widescreen monitor in a dim room. */
SCENES["training-planning"] = () => {
  const w = 1600;
  const h = 1000;
  let out = rect(0, 0, w, h, lin(["#0b1422", "#15233a"]));
  out += ellipse(w * 0.5, h * 0.45, w * 0.5, h * 0.42, "#6fa6d8", `opacity="0.14" filter="${blur(80)}"`);
  const mw = w * 0.78;
  const mh = mw * 0.5;
  let screen = rect(0, 0, mw, mh, "#0d1522");
  screen += rect(0, 0, mw, mh * 0.06, "#18243a") + circle(mh * 0.03, mh * 0.03, 5, C.gold) + text(mh * 0.06, mh * 0.042, "Implant planning · Lower arch", mh * 0.026, "#c9d3e0", 'font-weight="500"');
  screen += rect(0, mh * 0.06, mw * 0.06, mh * 0.94, "#131d2f");
  for (let i = 0; i < 7; i++) screen += rect(mw * 0.015, mh * (0.1 + i * 0.09), mw * 0.03, mw * 0.03, i === 2 ? C.gold : "#2a3b58", 'rx="6"');
  // 3D arch view
  const ax = mw * 0.06;
  const aw = mw * 0.5;
  screen += rect(ax, mh * 0.06, aw, mh * 0.94, rad(["#1f3150", "#0d1522"]));
  screen += archGum(ax + aw * 0.5, mh * 0.8, aw * 0.33, mh * 0.5, mh * 0.07, "#c78f88");
  screen += occlusalArch(ax + aw * 0.5, mh * 0.8, aw * 0.33, mh * 0.5, mh * 0.075, { fill: "#e9e4da", edge: "#bdb3a0", groove: "#b3a78f" });
  for (const t of [-0.62, -0.22, 0.22, 0.62]) {
    const a = (t * Math.PI) / 2;
    const px = ax + aw * 0.5 + aw * 0.33 * Math.sin(a);
    const py = mh * 0.8 - mh * 0.5 * Math.cos(a);
    screen += circle(px, py, mh * 0.035, C.gold, 'opacity="0.9"') + circle(px, py, mh * 0.06, "none", `stroke="${C.gold}" stroke-width="2" stroke-dasharray="4 4"`);
  }
  // Four CBCT slices
  const gx = mw * 0.57;
  const cw = mw * 0.205;
  const ch = mh * 0.44;
  for (let i = 0; i < 4; i++) {
    const x = gx + (i % 2) * (cw + mw * 0.01);
    const y = mh * 0.08 + Math.floor(i / 2) * (ch + mh * 0.02);
    screen += `<svg x="${x}" y="${y}" width="${cw}" height="${ch}" viewBox="0 0 ${cw} ${ch}">${cbctSlice(cw, ch, { seed: 30 + i, implantAngle: [-8, 4, 10, -3][i] })}</svg>`;
    screen += text(x + 10, y + 24, ["Cross-section 12", "Cross-section 18", "Axial", "Panoramic"][i], mh * 0.024, "#9fb0c6", 'font-weight="500"');
  }
  screen += rect(mw * 0.78, mh * 0.9, mw * 0.2, mh * 0.07, C.gold, 'rx="8"') + text(mw * 0.8, mh * 0.945, "Export surgical guide", mh * 0.026, C.navy, 'font-weight="700"');
  out += monitor((w - mw) / 2, h * 0.1, mw, mh, screen);
  // Desk, keyboard and a hand on the mouse
  out += rect(0, h * 0.78, w, h * 0.22, lin(["#2a3648", "#1a2331"]));
  out += rect(w * 0.3, h * 0.84, w * 0.34, h * 0.06, "#3b4759", 'rx="10"');
  for (let r = 0; r < 3; r++) for (let c = 0; c < 16; c++) out += rect(w * 0.31 + c * w * 0.02, h * (0.848 + r * 0.016), w * 0.017, h * 0.012, "#556276", 'rx="2"');
  out += ellipse(w * 0.74, h * 0.87, w * 0.03, h * 0.035, "#3b4759");
  out += path(`M ${w * 0.72} ${h * 0.92} Q ${w * 0.73} ${h * 0.84} ${w * 0.76} ${h * 0.85} Q ${w * 0.8} ${h * 0.88} ${w * 0.86} ${h} L ${w * 0.74} ${h} Z`, "#b58e74");
  out += path(`M ${w * 0.8} ${h} Q ${w * 0.83} ${h * 0.9} ${w * 0.9} ${h * 0.91} L ${w} ${h * 0.92} L ${w} ${h} Z`, C.white);
  out += vignette(w, h, 0.5);
  return svg(w, h, out);
};

/* The faculty and team standing together before bright windows. */
SCENES["training-team"] = () => {
  const w = 1600;
  const h = 1000;
  let out = rect(0, 0, w, h, lin(["#eef3f8", "#d9e2ec"]));
  for (let i = 0; i < 5; i++) out += rect(80 + i * 300, 90, 260, 560, lin(["#ffffff", "#e7eef6"]), 'rx="4"') + rect(80 + i * 300, 90, 260, 560, "none", `stroke="#c2cfdc" stroke-width="6"`);
  out += bokeh(w, h * 0.6, 14, 9, ["#ffffff", "#fff3da"], 30, 90, 0.5);
  out += rect(0, 640, w, 360, lin(["#c9d3de", "#eef2f6"]));
  out += rect(0, 636, w, 8, C.gold, 'opacity="0.5"');
  const people = [
    [300, { outfit: "scrubs", hair: "bun", skin: "#d1a68a", hairColor: "#3a2418" }],
    [500, { outfit: "coat", hair: "short", skin: "#a87d62" }],
    [700, { outfit: "suit", hair: "short", skin: "#c9a58a", hairColor: "#6b6259" }],
    [900, { outfit: "coat", hair: "long", skin: "#e0b99c", hairColor: "#5b3a24" }],
    [1100, { outfit: "coat", hair: "short", skin: "#8d6248" }],
    [1300, { outfit: "scrubs", hair: "long", skin: "#c9a58a", hairColor: "#1d1a18" }],
  ];
  people.forEach(([x, options], i) => {
    const hh = 720 + (i % 3) * 25 - (i === 2 ? 0 : 20);
    out += ellipse(x, 955, 80, 14, "#1b2a40", `opacity="0.18" filter="${blur(6)}"`);
    out += figure(x, 955, hh, options);
  });
  out += vignette(w, h, 0.2, "#1b2a40");
  return svg(w, h, out);
};

/* Head-and-shoulders silhouettes for the instructors, rim-lit from one side. */
function portrait({ background, rim, suit, shirt, skin, hair, accent }) {
  const w = 800;
  const h = 1000;
  let out = rect(0, 0, w, h, background);
  out += circle(560, 300, 420, radUser([[rim, 0.35, 0], [rim, 0, 1]], 560, 300, 420));
  out += circle(400, 1000, 520, "none", `stroke="${accent}" stroke-width="2" opacity="0.35"`);
  out += circle(400, 1000, 600, "none", `stroke="${accent}" stroke-width="1" opacity="0.25"`);
  // Shoulders and jacket
  out += path("M 90 1000 Q 110 760 260 700 Q 330 672 400 668 Q 470 672 540 700 Q 690 760 710 1000 Z", suit);
  out += path("M 330 690 L 400 860 L 470 690 Q 400 676 330 690 Z", shirt);
  out += path("M 330 690 L 400 860 L 360 880 L 300 720 Z", suit, 'opacity="0.85"') + path("M 470 690 L 400 860 L 440 880 L 500 720 Z", suit, 'opacity="0.85"');
  out += path("M 300 720 L 360 880 L 400 860 L 330 690 Z", "#000", 'opacity="0.12"');
  // Neck and head
  out += path("M 350 560 L 350 700 Q 400 730 450 700 L 450 560 Z", skin);
  out += path("M 350 640 Q 400 690 450 640 L 450 600 L 350 600 Z", "#000", 'opacity="0.12"');
  out += ellipse(400, 470, 118, 148, skin);
  out += ellipse(448, 470, 70, 140, "#000", `opacity="0.1" filter="${blur(16)}"`);
  out += ellipse(285, 480, 18, 34, skin) + ellipse(515, 480, 18, 34, skin);
  out += hair;
  // Rim light along the lit side
  out += path("M 515 400 Q 530 480 505 560", "none", `stroke="${rim}" stroke-width="6" opacity="0.7" filter="${blur(3)}" stroke-linecap="round"`);
  out += path("M 540 700 Q 660 750 700 900", "none", `stroke="${rim}" stroke-width="8" opacity="0.55" filter="${blur(4)}" stroke-linecap="round"`);
  out += vignette(w, h, 0.35);
  return svg(w, h, out);
}

SCENES["instructor-one"] = () =>
  portrait({
    background: lin([C.goldL, "#e6cfa3", C.gold], 0, 0, 0.6, 1),
    rim: "#fff6e4",
    suit: C.navy,
    shirt: C.navyM,
    skin: C.navyL,
    accent: C.navy,
    hair:
      path("M 282 450 Q 270 320 400 312 Q 530 318 520 450 Q 505 380 400 372 Q 300 380 282 450 Z", C.navy) +
      path("M 380 700 L 400 850 L 420 700 Q 400 692 380 700 Z", C.gold),
  });

SCENES["instructor-two"] = () =>
  portrait({
    background: lin(["#ffffff", C.cloud, "#c9d5e2"], 0, 0, 0.6, 1),
    rim: C.goldM,
    suit: lin([C.navyL, C.navy]),
    shirt: "#f4f6f9",
    skin: C.navyL,
    accent: C.goldD,
    hair: path("M 270 520 Q 240 300 400 296 Q 565 300 532 520 Q 540 640 560 700 Q 520 720 500 600 Q 520 420 400 380 Q 290 420 300 600 Q 280 720 240 700 Q 262 640 270 520 Z", C.navy),
  });

/* Course and catalogue cards, 960 x 640. A large roman numeral marks the level cards. */
const CARD_W = 960;
const CARD_H = 640;

function numeral(label, color, opacity = 0.12, y = CARD_H - 40) {
  return `<text x="${CARD_W - 40}" y="${y}" text-anchor="end" font-family="${SERIF}" font-size="300" font-weight="700" fill="${color}" opacity="${opacity}">${label}</text>`;
}

/* Bone block with gum, as in a cross-section of the ridge; returns markup and the crest line. */
function ridgeSection(x, y, w, h, { gum = true, seed = 2 } = {}) {
  const random = rng(seed);
  let out = path(`M ${x} ${y + 30} Q ${x + w / 2} ${y - 10} ${x + w} ${y + 30} L ${x + w} ${y + h} L ${x} ${y + h} Z`, lin([C.bone, C.boneD]));
  let dots = "";
  for (let i = 0; i < 70; i++) dots += circle(x + 20 + random() * (w - 40), y + 50 + random() * (h - 70), 3 + random() * 7, "#c4ad85", `opacity="${f(0.2 + random() * 0.3)}"`);
  out += dots;
  if (gum) out += path(`M ${x - 6} ${y + 24} Q ${x + w / 2} ${y - 40} ${x + w + 6} ${y + 24} L ${x + w + 6} ${y + 52} Q ${x + w / 2} ${y + 6} ${x - 6} ${y + 52} Z`, lin([C.gumL, C.gum]));
  return out;
}

SCENES["catalogue-full-arch"] = () => {
  let out = rect(0, 0, CARD_W, CARD_H, lin([C.navyL, C.navy], 0, 0, 1, 1));
  out += circle(480, 330, 330, radUser([[C.gold, 0.25, 0], [C.gold, 0, 1]], 480, 330, 330));
  out += archGum(480, 600, 290, 470, 36, "#c9908a");
  out += occlusalArch(480, 600, 290, 470, 86);
  out += vignette(CARD_W, CARD_H, 0.4);
  return svg(CARD_W, CARD_H, out);
};

SCENES["catalogue-grafting"] = () => {
  let out = rect(0, 0, CARD_W, CARD_H, lin([C.goldL, "#ffffff"], 0, 0, 1, 1));
  out += ridgeSection(140, 260, 680, 380, { seed: 4 });
  // Defect filled with graft granules under a membrane
  out += path("M 330 238 Q 480 420 630 238 Z", "#f7f1e6");
  const random = rng(12);
  for (let i = 0; i < 90; i++) {
    const gx = 360 + random() * 240;
    const gy = 245 + random() * 120;
    if (Math.pow((gx - 480) / 150, 2) + Math.pow((gy - 240) / 150, 2) < 1) out += circle(gx, gy, 6 + random() * 8, random() > 0.5 ? C.gold : C.goldM, `opacity="${f(0.7 + random() * 0.3)}"`);
  }
  out += path("M 300 236 Q 480 170 660 236", "none", `stroke="#ffffff" stroke-width="12" stroke-linecap="round" filter="${shadow(3, 4, 0.25)}"`);
  out += path("M 300 236 Q 480 170 660 236", "none", `stroke="${C.navyM}" stroke-width="2" stroke-dasharray="10 8" opacity="0.5"`);
  out += toothCrown(210, 250, 130, 150, { kind: "molar" }) + toothCrown(750, 250, 130, 150, { kind: "molar" });
  return svg(CARD_W, CARD_H, out);
};

SCENES["course-level-1"] = () => {
  let out = rect(0, 0, CARD_W, CARD_H, lin(["#ffffff", C.mist, C.cloud], 0, 0, 1, 1));
  out += numeral("I", C.navy);
  out += ridgeSection(250, 330, 460, 310, { seed: 6 });
  out += implant(480, 330, 230, 70, { crown: true });
  out += toothCrown(330, 332, 110, 120, { kind: "molar" }) + toothCrown(630, 332, 110, 120, { kind: "molar" });
  return svg(CARD_W, CARD_H, out);
};

SCENES["course-level-2"] = () => {
  let out = rect(0, 0, CARD_W, CARD_H, lin([C.navyL, C.navy]));
  out += numeral("II", C.gold, 0.18, 270);
  out += ridgeSection(120, 380, 720, 260, { seed: 9 });
  // Translucent surgical guide over the ridge with metal sleeves, and a drill through one
  out += path("M 110 330 Q 480 290 850 330 L 850 400 Q 480 360 110 400 Z", "#cfe3f5", 'opacity="0.55" stroke="#e8f2fb" stroke-width="3"');
  for (const x of [300, 480, 660]) out += rect(x - 26, 318, 52, 70, lin(["#7d8997", "#eef2f6", "#8a96a4"], 0, 0, 1, 0), 'rx="6"');
  out += g(rect(-12, -260, 24, 330, lin(["#7d8997", "#f4f7fa", "#8a96a4"], 0, 0, 1, 0), 'rx="6"') + rect(-22, -300, 44, 60, C.gold, 'rx="8"'), 'transform="translate(480 440)"');
  out += implant(300, 420, 150, 42, { abutment: false }) + implant(660, 420, 150, 42, { abutment: false });
  out += vignette(CARD_W, CARD_H, 0.35);
  return svg(CARD_W, CARD_H, out);
};

SCENES["course-level-3"] = () => {
  let out = rect(0, 0, CARD_W, CARD_H, lin([C.gold, C.goldD], 0, 0, 1, 1));
  out += numeral("III", C.navy, 0.14);
  // An upper full arch, flipped, on four implants, two of them long and tilted
  out += path("M 90 40 L 870 40 L 870 250 Q 480 300 90 250 Z", lin([C.boneD, C.bone]), 'opacity="0.95"');
  out += path("M 90 250 Q 480 300 870 250 L 870 282 Q 480 330 90 282 Z", lin([C.gum, C.gumL]));
  out += g(implant(0, 0, 300, 38, { abutment: false, angle: 0 }), 'transform="translate(170 300) rotate(205)"');
  out += g(implant(0, 0, 300, 38, { abutment: false, angle: 0 }), 'transform="translate(790 300) rotate(155)"');
  out += g(implant(0, 0, 190, 42, { abutment: false }), 'transform="translate(380 300) rotate(180)"');
  out += g(implant(0, 0, 190, 42, { abutment: false }), 'transform="translate(580 300) rotate(180)"');
  let teeth = "";
  for (let i = 0; i < 12; i++) teeth += toothCrown(150 + i * 60, 330, 58, i > 3 && i < 8 ? 130 : 110, { flip: true, kind: i > 3 && i < 8 ? "incisor" : "molar" });
  out += path("M 120 312 Q 480 360 840 312 L 840 350 Q 480 398 120 350 Z", lin([C.gumL, C.gum]), `filter="${shadow(6, 10, 0.25)}"`);
  out += teeth;
  return svg(CARD_W, CARD_H, out);
};

SCENES["course-complications"] = () => {
  let out = rect(0, 0, CARD_W, CARD_H, lin([C.mist, "#dfe5ec"]));
  out += ridgeSection(220, 300, 520, 340, { seed: 14 });
  // Crater-shaped bone loss around the neck of the implant
  out += path("M 390 290 Q 430 290 450 420 L 510 420 Q 530 290 570 290 Z", "#f3d9d3");
  out += path("M 390 290 Q 430 290 450 420 L 510 420 Q 530 290 570 290", "none", 'stroke="#c0564b" stroke-width="4" stroke-dasharray="8 6"');
  out += implant(480, 300, 240, 66, { crown: true });
  // Magnifier over the defect
  out += circle(640, 330, 110, "#ffffff", `opacity="0.25" stroke="${C.navy}" stroke-width="14" filter="${shadow(8, 12, 0.25)}"`);
  out += rect(720, 400, 130, 30, C.navy, 'rx="15" transform="rotate(40 720 400)"');
  out += circle(820, 110, 46, C.gold) + `<text x="820" y="132" text-anchor="middle" font-family="${SERIF}" font-size="64" font-weight="700" fill="#ffffff">!</text>`;
  return svg(CARD_W, CARD_H, out);
};

SCENES["course-sinus-grafting"] = () => {
  let out = rect(0, 0, CARD_W, CARD_H, lin(["#1a2a44", C.navy]));
  // Maxilla seen in section: bone below, sinus cavity above, membrane lifted over the graft
  out += path("M 0 250 Q 480 120 960 250 L 960 640 L 0 640 Z", lin([C.bone, C.boneD]));
  out += path("M 150 320 Q 480 60 810 320 Q 480 300 150 320 Z", "#0b1526", 'opacity="0.85"');
  out += path("M 260 300 Q 480 150 700 300 Q 480 330 260 300 Z", C.goldM);
  const random = rng(17);
  for (let i = 0; i < 80; i++) {
    const gx = 280 + random() * 400;
    const gy = 200 + random() * 110;
    if (gy > 300 - 150 * Math.max(0, 1 - Math.pow((gx - 480) / 220, 2))) out += circle(gx, gy, 5 + random() * 7, random() > 0.5 ? C.gold : "#f7e7c4", 'opacity="0.9"');
  }
  out += path("M 250 302 Q 480 140 710 302", "none", 'stroke="#f0b8b0" stroke-width="6"');
  out += path("M 0 560 Q 480 520 960 560 L 960 640 L 0 640 Z", lin([C.gumL, C.gum]));
  out += g(implant(0, 0, 330, 56, { abutment: true }), 'transform="translate(480 560) rotate(180)"');
  out += toothCrown(230, 560, 150, 110, { flip: true }) + toothCrown(730, 560, 150, 110, { flip: true });
  out += vignette(CARD_W, CARD_H, 0.3);
  return svg(CARD_W, CARD_H, out);
};

SCENES["course-tissue-grafting"] = () => {
  let out = rect(0, 0, CARD_W, CARD_H, lin(["#fbf7f2", "#efe6dc"], 0, 0, 1, 1));
  out += ridgeSection(160, 360, 640, 280, { gum: false, seed: 22 });
  // Thick gum with a connective-tissue graft layer and sutures
  out += path("M 140 370 Q 480 250 820 370 L 820 440 Q 480 330 140 440 Z", lin([C.gumL, C.gum]));
  out += path("M 300 350 Q 480 300 660 350 L 650 380 Q 480 330 310 380 Z", "#f7d9d2", 'stroke="#e6b3aa" stroke-width="3"');
  out += implant(480, 330, 260, 62, { crown: true });
  for (const x of [330, 400, 560, 630]) {
    const y = 365 - (x === 400 || x === 560 ? 14 : 0);
    out += path(`M ${x - 9} ${y - 9} L ${x + 9} ${y + 9} M ${x + 9} ${y - 9} L ${x - 9} ${y + 9}`, "none", `stroke="${C.navy}" stroke-width="3" stroke-linecap="round"`);
  }
  out += g(rect(0, 0, 180, 90, "#f7d9d2", 'rx="40" stroke="#e6b3aa" stroke-width="3"'), `transform="translate(700 90) rotate(-12)" filter="${shadow(6, 10, 0.18)}"`);
  out += path("M 700 190 Q 640 250 600 300", "none", `stroke="${C.gold}" stroke-width="3" stroke-dasharray="8 8"`);
  return svg(CARD_W, CARD_H, out);
};

/* ---- Video scenes, 1600 x 900: the first frame is also the poster. ---- */
const VW = 1600;
const VH = 900;

/* Home hero: the theatre after hours, lamps glowing; the left third stays dark for the heading. */
SCENES["home-hero"] = () => {
  let out = theatreScene(VW, VH, { dark: true, seed: 41 });
  out += bokeh(VW, VH, 26, 42, [C.gold, C.goldM, "#9cc0e6"], 8, 50, 0.3);
  out += rect(0, 0, VW, VH, lin([[C.navy, 0.9, 0], [C.navy, 0.55, 0.45], [C.navy, 0.1, 0.8]], 0, 0, 1, 0));
  return svg(VW, VH, out);
};

/* Facilities tour: a bright corridor of glass-walled treatment rooms. */
SCENES["facilities-tour"] = () => {
  const vx = VW * 0.5;
  const vy = VH * 0.46;
  let out = rect(0, 0, VW, VH, lin(["#eef2f6", "#dfe6ee"]));
  out += path(`M 0 ${VH} L ${vx - 120} ${vy + 70} L ${vx + 120} ${vy + 70} L ${VW} ${VH} Z`, lin(["#cbd5df", "#f5f7fa"]));
  out += path(`M 0 0 L ${vx - 120} ${vy - 70} L ${vx + 120} ${vy - 70} L ${VW} 0 Z`, "#f7f9fb");
  out += rect(vx - 120, vy - 70, 240, 140, lin(["#fff8ea", "#f3e4c4"]));
  // Ceiling light strips and floor reflections converging on the vanishing point
  for (const t of [0.15, 0.32, 0.5, 0.68, 0.85]) {
    const y = (vy - 70) * (1 - Math.pow(1 - t, 1.8));
    const half = VW / 2 - (VW / 2 - 120) * (1 - Math.pow(1 - t, 1.8));
    out += rect(vx - half * 0.5, y, half, Math.max(3, 16 * (1 - t)), "#ffffff", `opacity="0.95"`);
    out += rect(vx - half * 0.5, VH - y * (VH - vy - 70) / (vy - 70) - 10, half, Math.max(2, 12 * (1 - t)), "#ffffff", `opacity="0.45" filter="${blur(4)}"`);
  }
  // Glass rooms on both sides, with chairs visible inside
  for (const side of [-1, 1]) {
    for (let i = 0; i < 3; i++) {
      const t0 = i / 3;
      const t1 = (i + 0.85) / 3;
      const ease = (t) => 1 - Math.pow(1 - t, 1.6);
      const x0 = vx + side * (VW / 2 - (VW / 2 - 120) * ease(t0));
      const x1 = vx + side * (VW / 2 - (VW / 2 - 120) * ease(t1));
      const top0 = (vy - 70) * ease(t0);
      const top1 = (vy - 70) * ease(t1);
      const bot0 = VH - (VH - vy - 70) * ease(t0);
      const bot1 = VH - (VH - vy - 70) * ease(t1);
      out += path(`M ${x0} ${top0 + 40} L ${x1} ${top1 + 10} L ${x1} ${bot1 - 10} L ${x0} ${bot0 - 40} Z`, i % 2 ? "#dbe7f1" : "#e6eef6", `stroke="#b8c6d4" stroke-width="${6 - i * 1.5}"`);
      out += path(`M ${x0} ${top0 + 40} L ${x1} ${top1 + 10} L ${x1} ${(top1 + bot1) / 2} L ${x0} ${(top0 + bot0) / 2} Z`, "#ffffff", 'opacity="0.35"');
      const cx = (x0 + x1) / 2;
      const scale = 0.55 * (1 - ease(t0) * 0.8);
      out += g(dentalChair(0, 0, scale, C.navyL), `transform="translate(${cx} ${(bot0 + bot1) / 2 - 40 * scale}) scale(${side} 1)"`);
      out += rect(Math.min(x0, x1), (top0 + top1) / 2 + 30, Math.abs(x1 - x0), 6, C.gold, 'opacity="0.7"');
    }
  }
  out += figure(vx + 60, vy + 190, 230, { outfit: "coat", hair: "bun", hairColor: "#3a2418", skin: "#d1a68a" });
  out += vignette(VW, VH, 0.25, "#1b2a40");
  return svg(VW, VH, out);
};

/* Full-arch hero: a gold line drawing of an arch on its four implants, on navy. */
SCENES["full-arch-hero"] = () => {
  let out = rect(0, 0, VW, VH, lin([C.navy, "#13223a"], 0, 0, 1, 1));
  out += circle(1060, 470, 520, radUser([[C.gold, 0.2, 0], [C.gold, 0, 1]], 1060, 470, 520));
  // Arch in perspective: an occlusal arch squashed vertically, drawn as outlines
  const palette = { fill: "none", edge: C.goldM, groove: C.gold };
  out += g(archGum(0, 0, 330, 300, 70, "none").replace('fill="none"', `fill="none" stroke="${C.gold}"`) + occlusalArch(0, 0, 330, 300, 80, palette), 'transform="translate(1060 560) scale(1 0.55)" stroke-width="3" opacity="0.95"');
  for (const t of [-0.62, -0.22, 0.22, 0.62]) {
    const a = (t * Math.PI) / 2;
    const px = 1060 + 330 * Math.sin(a);
    const py = 560 - 300 * 0.55 * Math.cos(a);
    out += line(px, py, px + t * 60, py + 260, C.gold, 2, 'stroke-dasharray="6 8" opacity="0.7"');
    out += g(implant(0, 0, 200, 46, { abutment: true }), `transform="translate(${px} ${py + 40}) rotate(${-t * 30})" opacity="0.95"`);
  }
  let grid = "";
  for (let i = 0; i < 14; i++) grid += line(620 + i * 70, 760, 1060 + (i - 6.5) * 160, 900, "#3a5580", 1, 'opacity="0.35"');
  out += grid;
  out += rect(0, 0, VW, VH, lin([[C.navy, 0.95, 0], [C.navy, 0.5, 0.4], [C.navy, 0, 0.7]], 0, 0, 1, 0));
  out += bokeh(VW, VH, 18, 51, [C.gold, C.goldM], 6, 30, 0.35);
  return svg(VW, VH, out);
};

/* Testimonials: an alumnus in an interview set-up, quote mark beside. */
function interview({ dark, side, suit, shirt, hair, seed }) {
  let out = rect(0, 0, VW, VH, dark ? lin([C.navyL, C.navy]) : lin(["#f6f2ea", "#e3dccd"]));
  out += bokeh(VW, VH, 30, seed, dark ? [C.gold, "#7ea6d4", C.goldM] : ["#ffffff", C.goldM, "#c9d5e2"], 20, 90, dark ? 0.3 : 0.55);
  // Soft shelf and window shapes, out of focus
  out += g(rect(side > 0 ? 80 : 900, 160, 620, 14, dark ? C.navyM : "#cbbfa8") + rect(side > 0 ? 80 : 900, 420, 620, 14, dark ? C.navyM : "#cbbfa8") + rect(side > 0 ? 140 : 960, 110, 60, 50, C.gold) + rect(side > 0 ? 240 : 1080, 370, 90, 50, dark ? "#4b6283" : "#9fb3c8"), `filter="${blur(10)}" opacity="0.7"`);
  const px = side > 0 ? 1080 : 520;
  const figure = dark ? C.navy : C.navyL;
  const rim = dark ? C.goldM : "#ffffff";
  // Seated person: shoulders, neck, head, hair; a chair back behind
  out += rect(px - 250, 560, 500, 400, dark ? "#0a1322" : "#b9a88c", 'rx="60" opacity="0.8"');
  out += path(`M ${px - 290} ${VH} Q ${px - 270} 640 ${px - 120} 600 Q ${px - 60} 585 ${px} 584 Q ${px + 60} 585 ${px + 120} 600 Q ${px + 270} 640 ${px + 290} ${VH} Z`, suit);
  out += path(`M ${px - 60} 596 L ${px} 740 L ${px + 60} 596 Q ${px} 586 ${px - 60} 596 Z`, shirt);
  out += path(`M ${px - 46} 470 L ${px - 46} 600 Q ${px} 626 ${px + 46} 600 L ${px + 46} 470 Z`, figure);
  out += ellipse(px, 400, 100, 126, figure);
  out += hair(px);
  out += path(`M ${px + side * 92} 340 Q ${px + side * 108} 410 ${px + side * 86} 480`, "none", `stroke="${rim}" stroke-width="6" opacity="0.7" filter="${blur(3)}" stroke-linecap="round"`);
  out += path(`M ${px + side * 130} 604 Q ${px + side * 250} 650 ${px + side * 285} 820`, "none", `stroke="${rim}" stroke-width="8" opacity="0.5" filter="${blur(4)}" stroke-linecap="round"`);
  // Quote mark
  const qx = side > 0 ? 260 : 1140;
  out += `<text x="${qx}" y="520" font-family="${SERIF}" font-size="420" font-weight="700" fill="${C.gold}" opacity="${dark ? 0.85 : 0.75}">“</text>`;
  out += rect(qx + 20, 600, 260, 6, C.gold, `opacity="${dark ? 0.6 : 0.5}"`);
  out += vignette(VW, VH, dark ? 0.5 : 0.2, dark ? "#050b16" : "#3a3226");
  return svg(VW, VH, out);
}

SCENES["testimonial-one"] = () =>
  interview({
    dark: true,
    side: 1,
    seed: 61,
    suit: lin(["#22324f", "#141f33"]),
    shirt: "#e9edf2",
    hair: (px) => path(`M ${px - 102} 386 Q ${px - 110} 266 ${px} 262 Q ${px + 110} 266 ${px + 102} 386 Q ${px + 88} 318 ${px} 314 Q ${px - 88} 318 ${px - 102} 386 Z`, C.navy),
  });

SCENES["testimonial-two"] = () =>
  interview({
    dark: false,
    side: -1,
    seed: 62,
    suit: lin(["#ffffff", "#dfe4ea"]),
    shirt: C.navyM,
    hair: (px) =>
      path(`M ${px - 116} 440 Q ${px - 140} 262 ${px} 256 Q ${px + 140} 262 ${px + 116} 440 Q ${px + 126} 560 ${px + 150} 620 Q ${px + 100} 640 ${px + 86} 520 Q ${px + 100} 340 ${px} 320 Q ${px - 100} 340 ${px - 86} 520 Q ${px - 100} 640 ${px - 150} 620 Q ${px - 126} 560 ${px - 116} 440 Z`, C.navy),
  });

/* Level 2 recap, one scene per day. */
SCENES["level-2-day-1"] = () => svg(VW, VH, lectureScene(VW, VH, { slide: "planning", seed: 71, dayLabel: "Day 1" }));

/* Day 2: participants at the model bench, each with a jaw model and lamp. */
SCENES["level-2-day-2"] = () => {
  let out = rect(0, 0, VW, VH, lin(["#e9eef4", "#d3dce6"]));
  for (let i = 0; i < 4; i++) out += rect(60 + i * 390, 60, 360, 340, lin(["#ffffff", "#eef3f8"]), 'rx="6" opacity="0.9"');
  const people = [
    [260, { hair: "short", skin: "#c9a58a" }],
    [640, { hair: "bun", skin: "#d8b092", hairColor: "#3a2418" }],
    [1020, { hair: "short", skin: "#8d6248" }],
    [1380, { hair: "long", skin: "#e0b99c", hairColor: "#5b3a24" }],
  ];
  for (const [x, options] of people) out += figure(x, 1000, 760, { outfit: "coat", pose: "work", ...options });
  // The bench, models and lamps in front of them
  out += rect(0, 600, VW, 300, lin(["#24375a", C.navy]));
  out += rect(0, 596, VW, 10, C.gold);
  for (const [x] of people) {
    out += g(archGum(0, 0, 90, 70, 22, C.gum) + occlusalArch(0, 0, 90, 70, 30), `transform="translate(${x} 640) scale(1 0.45)"`);
    out += ellipse(x, 620, 160, 40, "#fff3da", `opacity="0.18" filter="${blur(12)}"`);
    out += line(x + 150, 600, x + 150, 420, "#9aa7b6", 6) + line(x + 150, 420, x + 90, 380, "#9aa7b6", 6) + ellipse(x + 80, 380, 46, 16, "#fdf6e7", `stroke="#9aa7b6" stroke-width="6"`);
  }
  out += badge(VW * 0.04, VH * 0.06, "Day 2", { size: VH * 0.035 });
  out += vignette(VW, VH, 0.25, "#1b2a40");
  return svg(VW, VH, out);
};

SCENES["level-2-day-3"] = () =>
  svg(VW, VH, theatreScene(VW, VH, { seed: 73, wallColors: ["#d7e6e6", "#bcd3d6"], vx: VW * 0.4 }) + badge(VW * 0.04, VH * 0.06, "Day 3", { size: VH * 0.035 }));

/* Day 4: certificates of completion on the table, gold seal and confetti of light. */
SCENES["level-2-day-4"] = () => {
  let out = rect(0, 0, VW, VH, lin([C.navyL, C.navy], 0, 0, 1, 1));
  out += bokeh(VW, VH, 40, 84, [C.gold, C.goldM, "#ffffff"], 6, 40, 0.4);
  const certificate = (x, y, a, s) =>
    g(
      rect(0, 0, 640, 452, "#fdfaf3", `filter="${shadow(16, 20, 0.4)}"`) +
        rect(22, 22, 596, 408, "none", `stroke="${C.gold}" stroke-width="4"`) +
        rect(34, 34, 572, 384, "none", `stroke="${C.goldM}" stroke-width="1.5"`) +
        `<text x="320" y="120" text-anchor="middle" font-family="${SERIF}" font-size="40" font-weight="600" fill="${C.navy}">Certificate of Completion</text>` +
        `<text x="320" y="160" text-anchor="middle" font-family="${FONT}" font-size="16" letter-spacing="5" fill="${C.goldD}">GLOBAL IMPLANT INSTITUTE</text>` +
        rect(170, 220, 300, 3, "#c8d0da") +
        `<text x="320" y="270" text-anchor="middle" font-family="${SERIF}" font-size="26" font-style="italic" fill="${C.navyM}">Level 2 · Advanced Implantology</text>` +
        rect(80, 360, 160, 2, "#9aa7b6") +
        rect(400, 360, 160, 2, "#9aa7b6") +
        g(circle(0, 0, 54, lin([C.goldM, C.gold, C.goldD], 0, 0, 1, 1)) + circle(0, 0, 42, "none", 'stroke="#fff3d6" stroke-width="2" stroke-dasharray="4 4"') + path("M -30 40 L -44 100 L -14 84 L 0 108 L 6 50 Z", C.goldD) + path("M 30 40 L 44 100 L 14 84 L 0 108 L -6 50 Z", C.gold), 'transform="translate(320 360)"'),
      `transform="translate(${x} ${y}) rotate(${a}) scale(${s})"`,
    );
  out += certificate(250, 250, -8, 0.85);
  out += certificate(640, 170, 4, 1.05);
  // A pen beside them
  out += rect(200, 760, 380, 16, lin([C.goldM, C.goldD]), 'rx="8" transform="rotate(-10 390 768)"');
  out += badge(VW * 0.04, VH * 0.06, "Day 4", { size: VH * 0.035 });
  out += vignette(VW, VH, 0.45);
  return svg(VW, VH, out);
};
