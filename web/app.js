// dynamo serve: the page. Plain JavaScript, no library, nothing fetched but the server's API
// (docs/serve.md). The board is SVG, the figurines are drawn below; the solution tree is laid out
// as `dynamo solve` prints it, from the job's `result` (the objects `solve --json` writes).
'use strict';

const $ = (id) => document.getElementById(id);
const FILES = 'abcdefgh';
const SQ = 50; // pixels per square in the board's viewBox
const MARGIN = 50; // room around the board: coordinates, and pieces leaving it
const SVGNS = 'http://www.w3.org/2000/svg';

// The figurines, in a 45 x 45 box: filled white or black, outlined black.
const FIGURES = {
  K: '<path d="M21 4h3v4h4v3h-4v8h-3v-8h-4v-3h4z"/>' +
     '<path d="M12 35c-5-8-3-15 4-15 3 0 5 3 6.5 5 1.5-2 3.5-5 6.5-5 7 0 9 7 4 15z"/>' +
     '<rect x="10" y="34" width="25" height="5" rx="1"/>' +
     '<path class="detail" d="M14 30h17" fill="none"/>',
  Q: '<path d="M11 35L8 15l6.5 11L16 11l4 14 2.5-16 2.5 16 4-14 1.5 15L37 15l-3 20z"/>' +
     '<circle cx="8" cy="13" r="2.3"/><circle cx="16" cy="9.5" r="2.3"/>' +
     '<circle cx="22.5" cy="7.5" r="2.3"/><circle cx="29" cy="9.5" r="2.3"/>' +
     '<circle cx="37" cy="13" r="2.3"/><rect x="10" y="34" width="25" height="5" rx="1"/>' +
     '<path class="detail" d="M13 30h19" fill="none"/>',
  R: '<path d="M10 39h25v-4h-3l-2-16h3V9h-4v4h-4V9h-5v4h-4V9h-4v10h3l-2 16h-3z"/>' +
     '<path class="detail" d="M15 19h15M14 35h17" fill="none"/>',
  B: '<circle cx="22.5" cy="9" r="3"/>' +
     '<path d="M15 33c-2-7 1-13 7.5-21C29 20 32 26 30 33z"/>' +
     '<rect x="10" y="33" width="25" height="6" rx="2"/>' +
     '<path class="detail" d="M20 25h5M22.5 22.5v5" fill="none"/>',
  N: '<path d="M13 39h21c0-9-1-17-5-23-2-3-5-6-8-7l-1-4-3 5c-4 2-7 7-9 12-1 3 1 5 3 4l5-3c2-1 4-2 5-3-1 5-5 9-7 13z"/>' +
     '<circle class="eye" cx="17" cy="15" r="1.4"/>',
  P: '<circle cx="22.5" cy="13" r="5.5"/><path d="M15 35l3-15h9l3 15z"/>' +
     '<rect x="11" y="34" width="23" height="5" rx="1"/>',
};

const state = {
  info: null,
  lang: 'en',
  diagram: {board: {}, side: 'w', castling: '', ep: '-'}, // the position set up
  view: null, // a position of the solution shown instead: {board, fen, node}
  chosen: null, // the palette's piece ("wK"), '' the eraser, null nothing
  source: null, // {text, problems}: the problem came from a text and is unchanged since
  job: null, // {id, kind, events}
  solved: null, // {job, starts: [FEN per result], rules: [per result]}
  nodes: [], // the moves of the tree shown
  roots: [], // per result: the indices of its first moves
  current: -1,
  checkRows: [],
};

// ---------------------------------------------------------------------------------------------
// Positions and FEN

function squareName(file, rank) { return FILES[file] + (rank + 1); }
function fileOf(sq) { return FILES.indexOf(sq[0]); }
function rankOf(sq) { return Number(sq[1]) - 1; }

function parseFen(fen) {
  const fields = fen.trim().split(/\s+/);
  const rows = fields[0].split('/');
  if (rows.length !== 8) throw new Error('a FEN has 8 ranks separated by /');
  const board = {};
  rows.forEach((row, i) => {
    const rank = 7 - i;
    let file = 0;
    for (const c of row) {
      if (/[1-8]/.test(c)) file += Number(c);
      else if (/[KQRBNPkqrbnp]/.test(c)) {
        if (file > 7) throw new Error(`rank ${rank + 1} has more than 8 squares`);
        board[squareName(file, rank)] = (c === c.toUpperCase() ? 'w' : 'b') + c.toUpperCase();
        file += 1;
      } else throw new Error(`unexpected '${c}' in the FEN`);
    }
    if (file !== 8) throw new Error(`rank ${rank + 1} has ${file} squares, not 8`);
  });
  const side = fields[1] === 'b' ? 'b' : 'w';
  const castling = fields[2] && fields[2] !== '-' ? fields[2] : '';
  return {board, side, castling, ep: fields[3] || '-'};
}

function placement(board) {
  let s = '';
  for (let rank = 7; rank >= 0; --rank) {
    let empty = 0;
    for (let file = 0; file < 8; ++file) {
      const p = board[squareName(file, rank)];
      if (!p) { empty += 1; continue; }
      if (empty) { s += empty; empty = 0; }
      s += p[0] === 'w' ? p[1] : p[1].toLowerCase();
    }
    if (empty) s += empty;
    if (rank) s += '/';
  }
  return s;
}

function fenOf(pos) {
  return `${placement(pos.board)} ${pos.side} ${pos.castling || '-'} ${pos.ep || '-'} 0 1`;
}

function withSide(fen, side) {
  const f = fen.trim().split(/\s+/);
  while (f.length < 6) f.push(['w', '-', '-', '0', '1'][f.length - 1]);
  if (f[1] !== side) { f[1] = side; f[3] = '-'; }
  return f.join(' ');
}

// The side that moves first under a stipulation (docs/format.md, stipulations).
function firstMover(stip) {
  const s = stip.trim().toLowerCase();
  const half = /\.5$/.test(s);
  if (s.startsWith('ser-')) return s.startsWith('ser-h') ? 'b' : 'w';
  if (s.startsWith('hs')) return half ? 'b' : 'w';
  if (s.startsWith('h')) return half ? 'w' : 'b';
  return 'w';
}
const other = (side) => (side === 'w' ? 'b' : 'w');

// ---------------------------------------------------------------------------------------------
// The API

async function api(method, path, body) {
  const init = {method, headers: {}};
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const type = response.headers.get('Content-Type') || '';
  const data = type.includes('json') ? await response.json() : await response.text();
  if (!response.ok) {
    const message = data && data.error ? data.error : `${response.status} ${response.statusText}`;
    const error = new Error(message);
    error.status = response.status;
    error.data = data;
    throw error;
  }
  return data;
}

function showError(message) { $('error').textContent = message || ''; }

// The words of the tree in the job's language (/api/info's phrases), English if missing.
const ENGLISH = {threat: 'threat:', zugzwang: 'zugzwang.', but: 'but', refutes: 'refutes.'};
function word(key, lang) {
  const table = state.info && state.info.phrases && state.info.phrases[lang || state.lang];
  let w = (table && table[key]) || ENGLISH[key];
  if (key === 'threat' && !w.endsWith(':')) w += ':';
  if ((key === 'zugzwang' || key === 'refutes') && !w.endsWith('.')) w += '.';
  return w;
}

// The page's own words in German, French and Italian (the tree's come from /api/info's phrases).
const UI = {
  'language': ['Sprache', 'langue', 'lingua'],
  'to move': ['am Zug', 'trait', 'al tratto'],
  'White': ['Weiß', 'Blancs', 'Bianco'],
  'Black': ['Schwarz', 'Noirs', 'Nero'],
  'castling': ['Rochade', 'roque', 'arrocco'],
  'Set': ['Setzen', 'Placer', 'Imposta'],
  'Empty board': ['Leeres Brett', 'Échiquier vide', 'Scacchiera vuota'],
  'Initial position': ['Grundstellung', 'Position initiale', 'Posizione iniziale'],
  'Diagram': ['Diagramm', 'Diagramme', 'Diagramma'],
  'Problem': ['Problem', 'Problème', 'Problema'],
  'stipulation': ['Forderung', 'énoncé', 'enunciato'],
  'title': ['Titel', 'titre', 'titolo'],
  'tries': ['Verführungen', 'essais', 'tentativi'],
  'variations': ['Varianten', 'variantes', 'varianti'],
  'set play': ['Satzspiel', 'jeu apparent', 'gioco apparente'],
  'threat': ['Drohung', 'menace', 'minaccia'],
  'max solutions': ['max. Lösungen', 'solutions max.', 'soluzioni max.'],
  'Popeye options': ['Popeye-Optionen', 'options de Popeye', 'opzioni di Popeye'],
  'time limit': ['Zeitgrenze', 'limite de temps', 'limite di tempo'],
  'Solve': ['Lösen', 'Résoudre', 'Risolvi'],
  'Stop': ['Anhalten', 'Arrêter', 'Ferma'],
  'Open': ['Öffnen', 'Ouvrir', 'Apri'],
  'Check': ['Prüfen', 'Vérifier', 'Verifica'],
  'file': ['Datei', 'fichier', 'file'],
  'Put on the board': ['Aufs Brett', "Sur l'échiquier", 'Sulla scacchiera'],
  'Solve the text': ['Text lösen', 'Résoudre le texte', 'Risolvi il testo'],
  'Check the text': ['Text prüfen', 'Vérifier le texte', 'Verifica il testo'],
  'Solution': ['Lösung', 'Solution', 'Soluzione'],
  'Copy solution': ['Lösung kopieren', 'Copier la solution', 'Copia la soluzione'],
  'download': ['herunterladen', 'télécharger', 'scarica'],
  'Collection': ['Sammlung', 'Collection', 'Raccolta'],
  'problem': ['Problem', 'problème', 'problema'],
  'stip.': ['Ford.', 'énoncé', 'enunc.'],
  'verdict': ['Urteil', 'verdict', 'verdetto'],
  'time': ['Zeit', 'temps', 'tempo'],
  'detail': ['Einzelheiten', 'détail', 'dettaglio'],
};
const UI_LANGS = ['de', 'fr', 'it'];
const englishText = new WeakMap();
function translatePage(lang) {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const skip = '#tree, #verdict, #check-table tbody, select, textarea, .status, #progress, #check-progress, #error, #check-summary, #version';
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!englishText.has(n)) {
      if (!UI[n.textContent.trim()] || n.parentElement.closest(skip)) continue;
      englishText.set(n, n.textContent);
    }
    const en = englishText.get(n), key = en.trim(), i = UI_LANGS.indexOf(lang);
    n.textContent = en.replace(key, i < 0 ? key : UI[key][i]);
  }
}

// ---------------------------------------------------------------------------------------------
// The board

const board = $('board');

function svg(tag, attrs, parent) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function squareXY(file, rank) { return [MARGIN + file * SQ, MARGIN + (7 - rank) * SQ]; }
function centre(file, rank) {
  const [x, y] = squareXY(file, rank);
  return [x + SQ / 2, y + SQ / 2];
}

function buildBoard() {
  board.innerHTML = '';
  const defs = svg('defs', {}, board);
  for (const colour of ['w', 'b']) {
    for (const [letter, shapes] of Object.entries(FIGURES)) {
      const symbol = svg('symbol', {id: `p-${colour}${letter}`, viewBox: '0 0 45 45'}, defs);
      symbol.innerHTML = `<g class="fig-${colour}" fill="${colour === 'w' ? '#fff' : '#111'}" ` +
        `stroke="#111" stroke-width="1.5" stroke-linejoin="round">${shapes}</g>`;
      symbol.querySelectorAll('.detail').forEach((d) => d.setAttribute('stroke', colour === 'w' ? '#111' : '#fff'));
      symbol.querySelectorAll('.eye').forEach((d) => d.setAttribute('fill', colour === 'w' ? '#111' : '#fff'));
    }
  }
  for (const [name, colour] of [['active', '#2b6cb0'], ['passive', '#c05621']]) {
    const marker = svg('marker', {id: `head-${name}`, viewBox: '0 0 10 10', refX: 5, refY: 5,
      markerWidth: 3.2, markerHeight: 3.2, orient: 'auto-start-reverse'}, defs);
    svg('path', {d: 'M0 0L10 5L0 10z', fill: colour}, marker);
  }
  const squares = svg('g', {id: 'squares'}, board);
  for (let rank = 0; rank < 8; ++rank) {
    for (let file = 0; file < 8; ++file) {
      const [x, y] = squareXY(file, rank);
      svg('rect', {x, y, width: SQ, height: SQ, class: `sq ${(file + rank) % 2 ? 'sq-light' : 'sq-dark'}`,
        'data-square': squareName(file, rank)}, squares);
    }
  }
  svg('rect', {x: MARGIN, y: MARGIN, width: 8 * SQ, height: 8 * SQ, fill: 'none', stroke: '#555'}, board);
  for (let i = 0; i < 8; ++i) {
    const letter = svg('text', {x: MARGIN + i * SQ + SQ / 2, y: MARGIN + 8 * SQ + 14, class: 'coord'}, board);
    letter.textContent = FILES[i];
    const number = svg('text', {x: MARGIN - 14, y: MARGIN + (7 - i) * SQ + SQ / 2, class: 'coord'}, board);
    number.textContent = String(i + 1);
  }
  svg('g', {id: 'marks'}, board);
  svg('g', {id: 'pieces'}, board);
  svg('g', {id: 'arrows'}, board);
  // The side to move, beside the board's lower or upper edge.
  svg('circle', {id: 'side-mark', r: 7, stroke: '#111', 'stroke-width': 1.5}, board);
}

function shownPosition() { return state.view || state.diagram; }

function drawBoard() {
  const pos = shownPosition();
  const pieces = $('pieces');
  pieces.innerHTML = '';
  for (const [sq, p] of Object.entries(pos.board)) {
    const [x, y] = squareXY(fileOf(sq), rankOf(sq));
    svg('use', {href: `#p-${p}`, x, y, width: SQ, height: SQ, class: 'piece',
      'data-square': sq, 'data-piece': p}, pieces);
  }
  $('arrows').innerHTML = '';
  $('marks').innerHTML = '';
  if (state.view && state.view.node !== undefined) drawMove(state.nodes[state.view.node]);
  const mark = $('side-mark');
  mark.setAttribute('cx', MARGIN + 8 * SQ + 25);
  mark.setAttribute('cy', pos.side === 'w' ? MARGIN + 8 * SQ - 12 : MARGIN + 12);
  mark.setAttribute('fill', pos.side === 'w' ? '#fff' : '#111');
  $('fen').value = state.view ? state.view.fen : fenOf(state.diagram);
}

// Where a piece moving from `sq` along `dir` leaves the board: the first point outside it, kept
// within the margin.
function exitPoint(sq, dir) {
  let f = fileOf(sq), r = rankOf(sq);
  if (!dir[0] && !dir[1]) dir = [0, r >= 4 ? 1 : -1];
  do { f += dir[0]; r += dir[1]; } while (f >= 0 && f < 8 && r >= 0 && r < 8);
  f = Math.max(-1, Math.min(8, f));
  r = Math.max(-1, Math.min(8, r));
  return centre(f, r);
}

function unit(dx, dy) {
  const gcd = (a, b) => (b ? gcd(b, a % b) : a);
  const g = gcd(Math.abs(dx), Math.abs(dy)) || 1;
  return [dx / g, dy / g];
}

function arrow(from, to, name) {
  let [x1, y1] = from, [x2, y2] = to;
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  if (name === 'passive') { // beside the active piece's arrow, which often runs on the same line
    const nx = (-(y2 - y1) / len) * 7, ny = ((x2 - x1) / len) * 7;
    x1 += nx; x2 += nx; y1 += ny; y2 += ny;
  }
  const shorten = 12; // the head ends before the centre of the square
  svg('line', {x1, y1, x2: x2 - ((x2 - x1) / len) * shorten, y2: y2 - ((y2 - y1) / len) * shorten,
    class: `arrow-${name}`, 'stroke-width': 7, 'stroke-linecap': 'round', opacity: 0.8,
    'marker-end': `url(#head-${name})`}, $('arrows'));
}

// The arrows of a move: the active piece's, and the pushed or pulled piece's; a piece leaving the
// board is drawn outside it, faded, where the arrow ends.
function drawMove(node) {
  const m = node.move;
  const sqc = (sq) => centre(fileOf(sq), rankOf(sq));
  const onBoard = (sq) => typeof sq === 'string' && /^[a-h][1-8]$/.test(sq);
  if (!onBoard(m.active_from)) return;
  const [fx, fy] = squareXY(fileOf(m.active_from), rankOf(m.active_from));
  svg('rect', {x: fx, y: fy, width: SQ, height: SQ, class: 'from-mark'}, $('marks'));
  let dir = [0, 0];
  const before = node.before ? parseFen(node.before).board : {};
  const ghost = (sq, at) => {
    const p = before[sq];
    if (p) svg('use', {href: `#p-${p}`, x: at[0] - SQ / 2, y: at[1] - SQ / 2, width: SQ, height: SQ,
      class: 'ghost', 'data-leaving': p}, $('arrows'));
  };
  if (onBoard(m.active_to)) {
    dir = unit(fileOf(m.active_to) - fileOf(m.active_from), rankOf(m.active_to) - rankOf(m.active_from));
    arrow(sqc(m.active_from), sqc(m.active_to), 'active');
  }
  const orthodox = (state.nodes.start[node.twin] || {}).rules === 'orthodox';
  if (onBoard(m.passive_from) && !(orthodox && m.passive_from === m.active_to)) { // not a capture
    if (!dir[0] && !dir[1]) // the active piece stays: the passive one goes away from it
      dir = unit(fileOf(m.passive_from) - fileOf(m.active_from), rankOf(m.passive_from) - rankOf(m.active_from));
    if (onBoard(m.passive_to)) arrow(sqc(m.passive_from), sqc(m.passive_to), 'passive');
    else if (m.passive_to === 'out') {
      const at = exitPoint(m.passive_from, dir);
      ghost(m.passive_from, at);
      arrow(sqc(m.passive_from), at, 'passive');
    }
  }
  if (m.active_to === 'out') {
    const at = exitPoint(m.active_from, dir);
    ghost(m.active_from, at);
    arrow(sqc(m.active_from), at, 'active');
  }
}

function svgPoint(event) {
  const p = board.createSVGPoint();
  p.x = event.clientX;
  p.y = event.clientY;
  return p.matrixTransform(board.getScreenCTM().inverse());
}
function squareAt(event) {
  const p = svgPoint(event);
  const file = Math.floor((p.x - MARGIN) / SQ), rank = 7 - Math.floor((p.y - MARGIN) / SQ);
  return file >= 0 && file < 8 && rank >= 0 && rank < 8 ? squareName(file, rank) : null;
}

// Every change of the set-up position goes through here: it leaves the solution's view, and the
// problem is no longer the text it was read from.
function editDiagram(change) {
  if (state.view) state.view = null;
  change(state.diagram);
  problemEdited();
  selectNode(-1, false);
  drawBoard();
}

function problemEdited() {
  state.source = null;
  $('read-status').textContent = '';
}

let drag = null, dragged = false;
board.addEventListener('pointerdown', (e) => {
  const sq = squareAt(e);
  const pos = shownPosition();
  if (!sq || !pos.board[sq] || e.button !== 0) return;
  drag = {from: sq, piece: pos.board[sq], x: e.clientX, y: e.clientY, moving: false, el: null};
});
board.addEventListener('pointermove', (e) => {
  if (!drag) return;
  if (!drag.moving && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 6) return;
  if (!drag.moving) {
    drag.moving = true;
    board.setPointerCapture(e.pointerId);
    const origin = board.querySelector(`#pieces [data-square="${drag.from}"]`);
    if (origin) origin.setAttribute('opacity', '0.3');
    drag.el = svg('use', {href: `#p-${drag.piece}`, width: SQ, height: SQ, 'pointer-events': 'none'}, board);
  }
  const p = svgPoint(e);
  drag.el.setAttribute('x', p.x - SQ / 2);
  drag.el.setAttribute('y', p.y - SQ / 2);
});
board.addEventListener('pointerup', (e) => {
  if (!drag) return;
  const d = drag;
  drag = null;
  if (!d.moving) return;
  dragged = true;
  if (d.el) d.el.remove();
  const to = squareAt(e);
  const start = shownPosition();
  editDiagram((pos) => {
    if (start !== pos) pos.board = Object.assign({}, start.board); // dragging in a shown position
    delete pos.board[d.from];
    if (to) pos.board[to] = d.piece; // dropped off the board: removed
  });
});
board.addEventListener('click', (e) => {
  if (dragged) { dragged = false; return; }
  const sq = squareAt(e);
  if (!sq) return;
  editDiagram((pos) => {
    const here = pos.board[sq];
    if (state.chosen && here !== state.chosen) pos.board[sq] = state.chosen;
    else delete pos.board[sq];
  });
});

function buildPalette() {
  const palette = $('palette');
  for (const colour of ['w', 'b']) {
    for (const letter of 'KQRBNP') {
      const piece = colour + letter;
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.piece = piece;
      b.title = `${colour === 'w' ? 'white' : 'black'} ${{K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn'}[letter]}`;
      b.innerHTML = `<svg viewBox="0 0 50 50"><use href="#p-${piece}" width="50" height="50"/></svg>`;
      palette.appendChild(b);
    }
  }
  const eraser = document.createElement('button');
  eraser.type = 'button';
  eraser.className = 'eraser';
  eraser.dataset.piece = '';
  eraser.title = 'clear a square';
  eraser.textContent = '\u2715';
  palette.appendChild(eraser);
  palette.addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (!b) return;
    const piece = b.dataset.piece;
    state.chosen = piece;
    palette.querySelectorAll('button').forEach((x) => x.classList.toggle('chosen', x.dataset.piece === state.chosen));
  });
}

function castlingFromBoxes() {
  return ['K', 'Q', 'k', 'q'].filter((c) => $(`castle-${c}`).checked).join('');
}
function setBoxes(pos) {
  for (const c of ['K', 'Q', 'k', 'q']) $(`castle-${c}`).checked = pos.castling.includes(c);
  document.querySelector(`input[name=side][value="${pos.side}"]`).checked = true;
}

function setDiagram(pos) {
  state.view = null;
  state.diagram = pos;
  setBoxes(pos);
  selectNode(-1, false);
  drawBoard();
}

// ---------------------------------------------------------------------------------------------
// The problem: stipulation, rules, options

function rulesText() {
  if (!$('rule-Dynamo').checked) return 'orthodox';
  return ['Dynamo', ...[...document.querySelectorAll('#rules .switch')].filter((b) => b.checked)
    .map((b) => b.id.slice(5))].join(' ');
}
function setRules(condition) {
  const words = (condition || '').split(/\s+/).filter(Boolean).map((w) => w.toLowerCase());
  const vchess = words.includes('vchess');
  $('rule-Dynamo').checked = words.includes('dynamo') || vchess;
  for (const b of document.querySelectorAll('#rules .switch')) {
    const name = b.id.slice(5);
    b.checked = words.includes(name.toLowerCase()) ||
      (vchess && ['NoStationaryPull', 'StrictCastling', 'KingThroughCheck'].includes(name));
  }
}

function optionsJson() {
  const number = (id) => ($(id).value === '' ? null : Number($(id).value));
  const o = {tries: $('opt-tries').checked, variations: $('opt-variations').checked,
    setplay: $('opt-setplay').checked, threat: number('opt-threat'),
    maxsolutions: number('opt-maxsolutions')};
  return o;
}

// The problem as Popeye's text, for options the JSON form does not name.
function popeyeText() {
  const pos = state.diagram;
  const lines = ['begin'];
  if ($('title').value.trim()) lines.push(`title ${$('title').value.trim()}`);
  lines.push(`forsyth ${placement(pos.board)}`, `stipulation ${$('stip').value.trim()}`);
  const rules = rulesText();
  if (rules !== 'orthodox') lines.push(`condition ${rules}`);
  const options = [];
  if ($('opt-tries').checked) options.push('Try');
  if ($('opt-variations').checked) options.push('Variation');
  if ($('opt-setplay').checked) options.push('SetPlay');
  if ($('opt-threat').value !== '') options.push(`Threat ${$('opt-threat').value}`);
  if ($('opt-maxsolutions').value !== '') options.push(`MaxSolutions ${$('opt-maxsolutions').value}`);
  const noCastling = [];
  for (const [right, king, rook] of [['K', 'e1', 'h1'], ['Q', 'e1', 'a1'], ['k', 'e8', 'h8'], ['q', 'e8', 'a8']])
    if (!pos.castling.includes(right) && pos.board[rook] === (right === right.toUpperCase() ? 'wR' : 'bR') &&
        pos.board[king] === (right === right.toUpperCase() ? 'wK' : 'bK')) noCastling.push(rook);
  if (noCastling.length) options.push(`NoCastling ${noCastling.join(' ')}`);
  if ($('opt-popeye').value.trim()) options.push($('opt-popeye').value.trim());
  if (options.length) lines.push(`option ${options.join(' ')}`);
  lines.push('end');
  return lines.join('\n') + '\n';
}

// Puts a problem of /api/read's answer on the board.
function loadRead(p) {
  const pos = parseFen(p.fen);
  if (p.side_to_move) pos.side = p.side_to_move;
  if (p.castling !== undefined) pos.castling = p.castling === '-' ? '' : p.castling;
  setDiagram(pos);
  $('stip').value = p.stipulation || '';
  $('title').value = p.title || '';
  setRules(p.rules !== undefined ? p.rules : p.condition);
  const opts = (p.options || []).map(String);
  const has = (re) => opts.some((o) => re.test(o));
  $('opt-tries').checked = has(/^(try|defence)/i);
  $('opt-variations').checked = has(/^variation/i);
  $('opt-setplay').checked = has(/^setplay/i);
  const valued = (re) => { const o = opts.find((x) => re.test(x)); return o ? (o.match(/\d+/) || [''])[0] : ''; };
  $('opt-threat').value = valued(/^threat\s+\d/i);
  $('opt-maxsolutions').value = valued(/^maxsolutions/i);
  $('opt-popeye').value = opts.filter((o) => !/^(try|defence|variation|setplay|threat\s+\d|maxsolutions)/i.test(o) &&
    !/^threat$/i.test(o)).join(' ');
}

async function readText(text, which) {
  showError('');
  try {
    const answer = await api('POST', '/api/read', {problem: text, name: state.textName || 'problem'});
    const problems = answer.problems || [];
    if (!problems.length) throw new Error('no problem in the text');
    const i = Math.min(which || 0, problems.length - 1);
    loadRead(problems[i]);
    state.source = problems.length === 1 || problems.every((p) => p.fen && p.title === problems[0].title)
      ? {text, problems, name: state.textName || 'problem'} : null; // one problem (with its twins): solved as written
    $('read-status').textContent = problems.length > 1
      ? `${problems.length} problems or twins; the first is on the board` : 'on the board';
    return problems;
  } catch (e) {
    showError(e.message);
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Jobs: solve and check, their progress and their end

function progressText(p, kind) {
  if (!p) return '';
  const parts = [];
  if (p.problems > 1 || kind === 'check') parts.push(`problem ${p.problem || 0}/${p.problems || 0}`);
  if (p.searching) parts.push(`searching ${p.searching}`);
  if (p.total) parts.push(`${p.done || 0}/${p.total} first moves`);
  if (p.depth) parts.push(`depth ${p.depth}`);
  if (p.elapsed_s !== undefined) parts.push(`${Number(p.elapsed_s).toFixed(1)} s`);
  return parts.join(' \u00b7 ');
}

function follow(id, kind, handlers) {
  const job = {id, kind, finished: false, events: null, poll: null};
  state.job = job;
  const finish = (j) => {
    if (job.finished) return;
    job.finished = true;
    if (job.events) job.events.close();
    if (job.poll) clearInterval(job.poll);
    handlers.done(j);
  };
  const poll = () => {
    if (job.poll) return;
    job.poll = setInterval(async () => {
      try {
        const j = await api('GET', `/api/jobs/${id}`);
        handlers.progress(j.progress);
        if (!['queued', 'running'].includes(j.state)) finish(j);
      } catch (e) {
        finish({id, kind, state: 'failed', error: e.message, result: []});
      }
    }, 500);
  };
  if (window.EventSource) {
    const es = new EventSource(`/api/jobs/${id}/events`);
    job.events = es;
    es.addEventListener('progress', (e) => handlers.progress(JSON.parse(e.data)));
    es.addEventListener('result', (e) => handlers.result && handlers.result(JSON.parse(e.data)));
    es.addEventListener('done', (e) => finish(JSON.parse(e.data)));
    es.onerror = () => { if (!job.finished) { es.close(); poll(); } };
  } else poll();
  return job;
}

function running(kind, on) {
  if (kind === 'solve') {
    $('solve').disabled = on;
    $('paste-solve').disabled = on;
    $('stop').disabled = !on;
  } else {
    $('bundled-check').disabled = on;
    $('paste-check').disabled = on;
    $('check-stop').disabled = !on;
  }
}

async function stopJob(kind) {
  const job = state.job;
  if (!job || job.kind !== kind || job.finished) return;
  try { await api('DELETE', `/api/jobs/${job.id}`); } catch (e) { showError(e.message); }
}

// Solve what is on the board (or the text it was read from, unchanged).
async function solve(fromText) {
  showError('');
  const lang = state.lang;
  let body, starts;
  const stip = $('stip').value.trim();
  if (fromText !== undefined) {
    const problems = await readText(fromText);
    if (!problems) return;
    body = {problem: fromText, lang, name: state.textName || 'problem'};
  } else if (state.source) {
    body = {problem: state.source.text, lang, name: state.source.name};
  } else if ($('opt-popeye').value.trim()) {
    body = {problem: popeyeText(), lang, name: 'board'};
  } else {
    if (!stip) { showError('a stipulation is needed: #2, s#3, h#2 ...'); return; }
    const fen = fenOf(state.diagram);
    body = {fen, stipulation: stip, rules: rulesText(), lang, options: optionsJson()};
    if ($('title').value.trim()) body.title = $('title').value.trim();
    setHash(fen, stip, rulesText());
  }
  if (body.problem !== undefined) {
    try {
      const read = await api('POST', '/api/read', {problem: body.problem, name: body.name});
      starts = (read.problems || []).map((p) => ({fen: withSide(p.fen, firstMover(p.stipulation)),
        rules: (p.rules !== undefined ? p.rules : p.condition) || 'orthodox'}));
    } catch (e) { showError(e.message); return; }
  } else {
    starts = [{fen: withSide(body.fen, firstMover(stip)), rules: body.rules}];
  }
  let id;
  try {
    id = (await api('POST', '/api/solve', body)).id;
  } catch (e) {
    showError(e.status === 429 ? `${e.message} (the server is busy; try again in a moment)` : e.message);
    return;
  }
  clearSolution();
  running('solve', true);
  $('progress').textContent = 'queued';
  follow(id, 'solve', {
    progress: (p) => { $('progress').textContent = progressText(p, 'solve'); },
    done: (job) => {
      running('solve', false);
      const solving = (job.result || []).reduce((sum, r) => sum + (Number(r.time_s) || 0), 0);
      const elapsed = (job.result || []).length ? ` in ${solving.toFixed(3)} s` : '';
      $('progress').textContent = `${job.state}${elapsed}`;
      if (job.error) showError(job.error);
      showSolution(job, starts, lang);
    },
  });
}

function setHash(fen, stip, rules) {
  const enc = (s) => encodeURIComponent(s).replace(/%2F/g, '/');
  history.replaceState(null, '', `#fen=${enc(fen)}&stip=${enc(stip)}&rules=${enc(rules)}`);
}

// ---------------------------------------------------------------------------------------------
// The solution tree, laid out as `solve` prints it (format/output/report_text.cpp)

const attackerIndent = (k) => ' '.repeat(k === 1 ? 3 : 8 * k - 6 - (String(k).length - 1));
const defenderIndent = (k) => ' '.repeat(8 * k - 2 - (String(k).length - 1));
const markSuffix = (mark) => (mark ? ` ${mark}` : '');

function clearSolution() {
  $('tree').innerHTML = '';
  $('verdict').textContent = '';
  state.nodes = [];
  state.roots = [];
  state.current = -1;
  state.solved = null;
  $('copy').disabled = true;
  for (const f of ['pop', 'fen', 'svg', 'latex']) $(`dl-${f}`).classList.add('disabled');
  if (state.view) { state.view = null; drawBoard(); }
}

function showSolution(job, starts, lang) {
  const tree = $('tree');
  tree.innerHTML = '';
  state.nodes = [];
  state.roots = [];
  state.solved = {job, starts, lang};
  const results = job.result || [];
  results.forEach((r, t) => renderResult(tree, r, t, lang));
  $('verdict').textContent = (job.verdict || '').replace(/\s+$/, '');
  $('copy').disabled = !job.text;
  for (const f of ['pop', 'fen', 'svg', 'latex']) {
    const a = $(`dl-${f}`);
    a.href = `/api/jobs/${job.id}/export/${f}`;
    a.classList.remove('disabled');
  }
}

function renderResult(tree, r, t, lang) {
  const start = state.solved.starts[t] || state.solved.starts[0] || {fen: fenOf(state.diagram), rules: rulesText()};
  const A = firstMover(r.stipulation || '#1');
  const D = other(A);
  const text = (s) => tree.appendChild(document.createTextNode(s));
  const moveEl = (node, extraClass) => {
    const span = document.createElement('span');
    span.className = `mv${extraClass ? ' ' + extraClass : ''}`;
    span.textContent = node.move.move;
    span.dataset.move = node.move.move;
    span.dataset.node = String(node.index);
    tree.appendChild(span);
    node.el = span;
    return span;
  };
  const addNode = (move, parent, side) => {
    const node = {move, parent, side, twin: t, children: [], index: state.nodes.length, fen: null};
    state.nodes.push(node);
    if (parent >= 0) state.nodes[parent].children.push(node.index);
    else state.roots[t].push(node.index);
    return node;
  };
  state.roots[t] = [];
  state.nodes.start = state.nodes.start || [];
  if (!r.twin && (state.solved.job.result || []).length > 1) { // several problems: each under its title
    const b = document.createElement('span');
    b.className = 'twin';
    b.textContent = `${r.index}. ${r.title || ''}`.trim();
    tree.appendChild(b);
    text('\n');
  }
  if (r.twin) { const b = document.createElement('span'); b.className = 'twin'; b.textContent = r.twin; tree.appendChild(b); text('\n'); }

  const after = (node, k, rootMark, parent) => {
    text(markSuffix(node.mark) + rootMark);
    if (node.threat && node.threat.length) text(` ${word('threat', lang)}`);
    else if (node.zugzwang) text(` ${word('zugzwang', lang)}`);
    text('\n');
    for (const th of node.threat || []) play(th, k + 1, parent, '');
    for (const d of node.variations || []) defence(d, k, parent, '');
  };
  const play = (m, k, parent, rootMark, isKey) => {
    text(`${attackerIndent(k)}${k}.`);
    const node = addNode(m, parent, A);
    const el = moveEl(node, isKey ? 'key' : '');
    if (isKey) el.dataset.key = '';
    after(m, k, rootMark, node.index);
    return node;
  };
  const defence = (d, k, parent, suffix) => {
    text(`${defenderIndent(k)}${k}...`);
    const node = addNode(d, parent, D);
    moveEl(node);
    text(`${markSuffix(d.mark)}${suffix}\n`);
    if (d.refutes && !suffix) text(`${' '.repeat(defenderIndent(k).length + 2)}${word('refutes', lang)}\n`);
    for (const c of d.continuations || []) play(c, k + 1, node.index, '');
  };

  if (r.illegal) text(`${r.illegal}\n`);
  const helpPlay = Array.isArray(r.solutions);
  if (!helpPlay && r.set_play && r.set_play.length) {
    text('\n');
    for (const d of r.set_play) defence(d, 1, -1, '');
  }
  for (const root of r.tree || []) {
    text('\n');
    const isKey = root.kind === 'key';
    const node = play(root, 1, -1, isKey ? ' !' : ' ?', isKey);
    if (root.refutations && root.refutations.length) {
      text(`    ${word('but', lang)}\n`);
      for (const d of root.refutations) defence(d, 1, node.index, ' !');
    }
  }
  if (r.post_key) { text('\n'); after(r.post_key, 1, '', -1); }
  if (helpPlay) {
    const series = /^ser-/i.test(r.stipulation || '');
    const lineSides = (moves, first) => moves.map((_, i) => {
      if (series) return i === moves.length - 1 && /^ser-h/i.test(r.stipulation) ? other(first) : first;
      return i % 2 ? other(first) : first;
    });
    const helpLine = (line, first) => {
      const sides = lineSides(line.moves || [], first);
      let pos = 0, parent = -1;
      const s = line.text || '';
      text('  ');
      (line.moves || []).forEach((m, i) => {
        const at = s.indexOf(m.move, pos);
        if (at < 0) return;
        text(s.slice(pos, at));
        const node = addNode(m, parent, sides[i]);
        moveEl(node);
        parent = node.index;
        pos = at + m.move.length;
      });
      text(`${s.slice(pos)}\n`);
    };
    if (r.set_play && r.set_play.length) {
      text('\n');
      for (const line of r.set_play) helpLine(line, other(A));
    }
    if (r.solutions.length) text('\n');
    for (const line of r.solutions) helpLine(line, A);
  }
  text('\n');
  state.nodes.start[t] = start;
}

// The FEN after each move of a node's line: /api/replay, a call per stretch of moves that
// alternate; where a side passes (a threat, set play, a series) the FEN's side is turned.
async function fensOfLine(index) {
  const chain = [];
  for (let i = index; i >= 0; i = state.nodes[i].parent) chain.unshift(state.nodes[i]);
  const start = state.nodes.start[chain[0].twin];
  let k = chain.length;
  while (k > 0 && !chain[k - 1].fen) --k; // the moves up to k are known
  let fen = k > 0 ? chain[k - 1].fen : start.fen;
  while (k < chain.length) {
    const before = withSide(fen, chain[k].side);
    const stretch = [chain[k]];
    for (let j = k + 1; j < chain.length && chain[j].side !== chain[j - 1].side; ++j) stretch.push(chain[j]);
    let fens;
    try {
      fens = (await api('POST', '/api/replay',
        {fen: before, rules: start.rules, moves: stretch.map((n) => n.move.move), lang: state.solved.lang})).fens;
    } catch (e) {
      // A FEN cannot say everything a line carries across a pass (a Dynamo rook pulled away and
      // back keeps its castling right, docs/rules.md): then the move's own squares place it.
      fens = [];
      stretch.reduce((f, n) => { fens.push(placed(f, n.move, state.solved.lang)); return fens[fens.length - 1]; }, before);
    }
    let prev = before;
    stretch.forEach((n, i) => { n.before = prev; n.fen = fens[i]; prev = n.fen; });
    fen = prev;
    k += stretch.length;
  }
  return chain[chain.length - 1];
}

// The position after a move, from the move's squares alone (solve --json's move fields).
const PROMOTION_LETTERS = {en: 'QRBN', de: 'DTLS', fr: 'DTFC', it: 'DTAC'};
function placed(fen, m, lang) {
  const pos = parseFen(fen);
  const b = pos.board;
  const active = b[m.active_from], passive = m.passive_from ? b[m.passive_from] : undefined;
  delete b[m.active_from];
  if (m.passive_from) delete b[m.passive_from];
  const promote = (piece, to) => {
    if (!m.promotion || !piece || piece[1] !== 'P' || !/[18]$/.test(to)) return piece;
    const i = (PROMOTION_LETTERS[lang] || PROMOTION_LETTERS.en).indexOf(m.promotion);
    return piece[0] + (i >= 0 ? 'QRBN'[i] : m.promotion);
  };
  const aTo = m.active_to === null ? m.active_from : m.active_to;
  if (aTo !== 'out' && active) b[aTo] = promote(active, aTo);
  if (m.passive_to && m.passive_to !== 'out' && passive) b[m.passive_to] = promote(passive, m.passive_to);
  const home = {K: ['e1', 'wK', 'h1', 'wR'], Q: ['e1', 'wK', 'a1', 'wR'], k: ['e8', 'bK', 'h8', 'bR'], q: ['e8', 'bK', 'a8', 'bR']};
  pos.castling = [...pos.castling].filter((c) => home[c] && b[home[c][0]] === home[c][1] && b[home[c][2]] === home[c][3]).join('');
  pos.side = other(pos.side);
  pos.ep = '-';
  return fenOf(pos);
}

let selecting = 0;
async function selectNode(index, scroll = true) {
  const ticket = ++selecting;
  state.nodes.forEach((n) => n.el && n.el.classList.remove('current'));
  state.current = index;
  if (index < 0 || !state.nodes[index]) {
    state.current = -1;
    if (state.view) { state.view = null; drawBoard(); }
    return;
  }
  const node = state.nodes[index];
  node.el.classList.add('current');
  if (scroll) node.el.scrollIntoView({block: 'nearest', inline: 'nearest'});
  try {
    await fensOfLine(index);
  } catch (e) {
    showError(`${node.move.move}: ${e.message}`);
    return;
  }
  if (ticket !== selecting) return; // another move was chosen meanwhile
  const pos = parseFen(node.fen);
  state.view = Object.assign(pos, {fen: node.fen, node: index});
  drawBoard();
  board.dataset.shown = String(index); // tests wait for this: the board shows the move
}

$('tree').addEventListener('click', (e) => {
  const el = e.target.closest('.mv');
  if (el) { showError(''); selectNode(Number(el.dataset.node)); }
});

// The arrow keys step through a line: right to the next move, left back, up and down to the
// moves beside this one.
document.addEventListener('keydown', (e) => {
  if (e.target.closest && e.target.closest('input, textarea, select')) return;
  if (!state.nodes.length || e.altKey || e.ctrlKey || e.metaKey) return;
  const cur = state.current >= 0 ? state.nodes[state.current] : null;
  const siblings = (n) => (n.parent >= 0 ? state.nodes[n.parent].children : state.roots[n.twin]);
  let next = null;
  if (e.key === 'ArrowRight') next = cur ? cur.children[0] : (state.roots.find((r) => r && r.length) || [])[0];
  else if (e.key === 'ArrowLeft') next = cur ? cur.parent : null;
  else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    if (!cur) return;
    const s = siblings(cur), i = s.indexOf(cur.index) + (e.key === 'ArrowDown' ? 1 : -1);
    next = s[i];
  } else return;
  e.preventDefault();
  if (next === undefined || next === null) { if (e.key === 'ArrowLeft') selectNode(-1); return; }
  selectNode(next);
});

// ---------------------------------------------------------------------------------------------
// Checking a collection

function detailOf(row) {
  if (row.errors && row.errors.length) return row.errors[0];
  if (row.illegal) return row.illegal;
  if (row.reason) return row.reason;
  if (Array.isArray(row.solutions) && row.solutions.length) return row.solutions[0].text;
  if (row.keys && row.keys.length) return `${row.keys.length > 1 ? 'keys' : 'key'} ${row.keys.map((k) => k.move).join(' ')}`;
  return '';
}

function addCheckRow(row) {
  state.checkRows.push(row);
  const tr = document.createElement('tr');
  const cells = [`${row.file}:${row.index}${row.twin ? ' ' + row.twin : ''}`, row.title || '', row.stipulation || '',
    row.verdict || '', row.time_s !== undefined ? `${Number(row.time_s).toFixed(2)} s` : '', detailOf(row)];
  cells.forEach((c, i) => {
    const td = document.createElement('td');
    td.textContent = c;
    if (i === 3) td.className = `verdict ${/^sound/.test(c) ? 'v-sound' : 'v-bad'}`;
    if (i === 5) td.className = 'detail';
    tr.appendChild(td);
  });
  const certified = row.expected_verdict && (row.problem_verdict || row.verdict);
  if (certified && certified !== row.expected_verdict) tr.classList.add('mismatch');
  tr.dataset.verdict = row.verdict || '';
  tr.addEventListener('click', () => openRow(row));
  $('check-table').tBodies[0].appendChild(tr);
}

function openRow(row) {
  if (!row.fen) { showError(detailOf(row) || 'this problem could not be read'); return; }
  showError('');
  clearSolution();
  setDiagram(parseFen(row.fen));
  $('stip').value = row.stipulation || '';
  $('title').value = row.title || '';
  setRules(row.condition || '');
  problemEdited();
  window.scrollTo({top: 0, behavior: 'smooth'});
}

async function check(text) {
  showError('');
  let id;
  try {
    id = (await api('POST', '/api/check', {problem: text, lang: state.lang, name: state.textName || 'collection'})).id;
  } catch (e) { showError(e.message); return; }
  state.checkRows = [];
  $('check-table').tBodies[0].innerHTML = '';
  $('check-summary').textContent = '';
  running('check', true);
  $('check-progress').textContent = 'queued';
  follow(id, 'check', {
    progress: (p) => { $('check-progress').textContent = progressText(p, 'check'); },
    result: (row) => addCheckRow(row),
    done: (job) => {
      running('check', false);
      $('check-progress').textContent = job.state;
      if (job.error) showError(job.error);
      const rows = job.result || [];
      if (rows.length !== state.checkRows.length) { // rows the stream did not bring
        state.checkRows = [];
        $('check-table').tBodies[0].innerHTML = '';
        rows.forEach(addCheckRow);
      }
      const lines = (job.text || '').trim().split('\n');
      $('check-summary').textContent = lines.length ? lines[lines.length - 1] : '';
      $('check-table').dataset.done = job.state;
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Opening: the bundled problems, a file of the user's, a pasted text

async function bundledText() {
  const name = $('bundled').value;
  if (!name) return null;
  try {
    return await api('GET', `/api/problems/${encodeURIComponent(name)}`);
  } catch (e) { showError(e.message); return null; }
}

$('bundled-open').addEventListener('click', async () => {
  const text = await bundledText();
  if (text === null) return;
  $('paste').value = text;
  state.textName = $('bundled').value;
  readText(text);
});
$('bundled-check').addEventListener('click', async () => {
  const text = await bundledText();
  if (text === null) return;
  state.textName = $('bundled').value;
  check(text);
});
$('file').addEventListener('change', () => {
  const f = $('file').files[0];
  if (!f) return;
  if (f.size > 1024 * 1024) { showError(`${f.name}: over 1 MB, more than the server takes`); return; }
  const reader = new FileReader();
  reader.onload = () => { $('paste').value = reader.result; state.textName = f.name; readText(reader.result); };
  reader.onerror = () => showError(`${f.name}: ${reader.error}`);
  reader.readAsText(f);
});
$('paste-read').addEventListener('click', () => readText($('paste').value));
$('paste-solve').addEventListener('click', () => solve($('paste').value));
$('paste-check').addEventListener('click', () => check($('paste').value));

// ---------------------------------------------------------------------------------------------
// The controls

$('solve').addEventListener('click', () => solve());
$('stop').addEventListener('click', () => stopJob('solve'));
$('check-stop').addEventListener('click', () => stopJob('check'));
$('fen-set').addEventListener('click', () => {
  try { setDiagram(parseFen($('fen').value)); problemEdited(); showError(''); } catch (e) { showError(`FEN: ${e.message}`); }
});
$('fen').addEventListener('keydown', (e) => { if (e.key === 'Enter') $('fen-set').click(); });
$('board-clear').addEventListener('click', () => { setDiagram({board: {}, side: 'w', castling: '', ep: '-'}); problemEdited(); });
$('board-initial').addEventListener('click', () => {
  setDiagram(parseFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'));
  problemEdited();
});
$('board-diagram').addEventListener('click', () => selectNode(-1));
for (const r of document.querySelectorAll('input[name=side]'))
  r.addEventListener('change', () => editDiagram((pos) => { pos.side = r.value; }));
for (const c of ['K', 'Q', 'k', 'q'])
  $(`castle-${c}`).addEventListener('change', () => editDiagram((pos) => { pos.castling = castlingFromBoxes(); }));
$('stip').addEventListener('change', () => {
  const side = firstMover($('stip').value);
  if (side !== state.diagram.side) editDiagram((pos) => { pos.side = side; });
  setBoxes(state.diagram);
});
document.querySelector('#problem fieldset').addEventListener('input', () => problemEdited());
$('paste').addEventListener('input', () => { state.textName = 'problem'; });
$('lang').addEventListener('change', () => {
  state.lang = $('lang').value;
  document.documentElement.lang = state.lang;
  translatePage(state.lang);
  // The tree's words and moves are the job's: solve again in the new language.
  if (state.solved && state.solved.job.kind !== 'check' && !(state.job && !state.job.finished)) solve();
});

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (e) {
    const area = document.createElement('textarea');
    area.value = text;
    document.body.appendChild(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}
$('copy').addEventListener('click', async () => {
  if (!state.solved) return;
  await copyText(state.solved.job.text || '');
  $('copy-status').textContent = 'copied';
  setTimeout(() => { $('copy-status').textContent = ''; }, 1500);
});

// `#fen=...&stip=%232&rules=Dynamo[&solve]` sets up (and solves).
function applyHash() {
  const h = location.hash.replace(/^#/, '');
  if (!h) return false;
  const params = new URLSearchParams(h);
  if (!params.get('fen')) return false;
  try {
    setDiagram(parseFen(params.get('fen')));
  } catch (e) { showError(`FEN: ${e.message}`); return false; }
  if (params.get('stip')) $('stip').value = params.get('stip');
  if (params.get('rules')) setRules(params.get('rules'));
  problemEdited();
  if (params.has('solve')) solve();
  return true;
}
window.addEventListener('hashchange', applyHash);

async function start() {
  buildBoard();
  buildPalette();
  drawBoard();
  try {
    state.info = await api('GET', '/api/info');
  } catch (e) { showError(`the server does not answer: ${e.message}`); }
  const info = state.info || {};
  $('version').textContent = info.version ? `version ${info.version}` : '';
  for (const l of info.languages || ['en']) {
    const o = document.createElement('option');
    o.value = o.textContent = l;
    $('lang').appendChild(o);
  }
  for (const s of info.stipulations || []) {
    const o = document.createElement('option');
    o.value = s;
    $('stips').appendChild(o);
  }
  $('maxtime').textContent = info.maxtime_s ? `${info.maxtime_s} s` : 'none';
  try {
    const problems = await api('GET', '/api/problems');
    for (const p of problems) {
      const o = document.createElement('option');
      o.value = p.name;
      o.textContent = `${p.name}${p.count > 1 ? ` (${p.count})` : ''}${p.title ? ' \u2014 ' + p.title : ''}`;
      $('bundled').appendChild(o);
    }
  } catch (e) { showError(e.message); }
  applyHash();
  document.body.dataset.ready = 'true';
}
start();
