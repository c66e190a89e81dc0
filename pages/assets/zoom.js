// Zooming and panning a picture in a scrolling box: the buttons (+, −, fit, 1:1),
// the wheel with Ctrl (a trackpad's pinch sends that too), two fingers pinching, and one
// finger (or the mouse) dragging. The picture is drawn at its own size times the scale,
// and the box scrolls: a big tree keeps readable spacing and is never squeezed into the
// screen unless asked (fit).

/** The smallest and largest scale. */
const MIN_SCALE = 0.05;
const MAX_SCALE = 4;
/**
 * The smallest scale a new picture opens at: wider pictures scroll instead, so that 72
 * leaves stay readable on a phone.
 */
const MIN_OPENING_SCALE = 0.7;
/**
 * The smallest a label of the picture may be drawn on the screen, in px, when a picture
 * opens and after Fit: a bigger tree scrolls instead (count to 10's 232 nodes opened at
 * 70 %, its 10 px visit numbers at 7 px).
 */
const READABLE_PX = 12;
/** How far a pointer moves before a press becomes a drag (and not a click), in px. */
const DRAG = 6;

/** A scrolling box that zooms the picture inside it. */
export class Zoom {
  /**
   * @param {HTMLElement} viewport the scrolling box
   * @param {(scale: number) => void} [changed] told the scale after each change
   */
  constructor(viewport, changed = () => {}) {
    this.viewport = viewport;
    this.changed = changed;
    /** @type {SVGSVGElement | null} */
    this.picture = null;
    this.width = 0;
    this.height = 0;
    this.scale = 1;
    /** Whether the reader chose the scale (kept across new pictures of the tree). */
    this.chosen = false;
    /**
     * The smallest scale a new picture opens at (MIN_OPENING_SCALE unless the page says
     * otherwise: the practice page opens its exercise whole, fitted to the width).
     */
    this.minOpening = MIN_OPENING_SCALE;
    /** @type {Map<number, {x: number, y: number}>} the pointers down, by id */
    this.pointers = new Map();
    /** @type {{distance: number, scale: number} | null} */
    this.pinch = null;
    /** @type {{x: number, y: number, left: number, top: number, moved: boolean} | null} */
    this.drag = null;
    /** Set by a drag, so that the click that ends it does not select a node. */
    this.swallowClick = false;
    this.listen();
  }

  /**
   * Shows a new picture of `width` × `height` px at its own size. A new tree opens at
   * the scale that fits the box (never above 1, never below `minOpening`), and never
   * below the scale at which its labels are readable (`readableScale`); the
   * same tree redrawn (a leaf edited) keeps the reader's scale and scroll.
   * @param {SVGSVGElement} picture
   * @param {number} width
   * @param {number} height
   * @param {boolean} sameTree
   */
  show(picture, width, height, sameTree) {
    const { scrollLeft, scrollTop } = this.viewport;
    this.picture = picture;
    this.width = width;
    this.height = height;
    if (!sameTree || !this.chosen) {
      this.chosen = false;
      this.scale = Math.max(this.readableScale(), Math.min(1, Math.max(this.minOpening, this.fitScale())));
    }
    this.apply();
    if (sameTree) {
      this.viewport.scrollLeft = scrollLeft;
      this.viewport.scrollTop = scrollTop;
    }
  }

  /** @returns {number} the scale at which the whole picture fits the box's width */
  fitScale() {
    const room = this.viewport.clientWidth - 2;
    return this.width > 0 && room > 0 ? Math.min(MAX_SCALE, room / this.width) : 1;
  }

  /**
   * Whether a picture `width` px wide, opened as a new tree (`show`), would be as wide
   * as the box at most: what a page asks before it draws a wide tree to a depth.
   * @param {SVGSVGElement} picture
   * @param {number} width
   * @returns {boolean}
   */
  fits(picture, width) {
    const room = this.viewport.clientWidth - 2;
    if (room <= 0 || width <= 0) return true;
    const fit = Math.min(MAX_SCALE, room / width);
    const scale = Math.max(this.readableScale(picture), Math.min(1, Math.max(this.minOpening, fit)));
    return width * scale <= room + 0.5;
  }

  /**
   * The smallest scale at which every label of the picture (its values, names, visit
   * numbers, windows and rows' labels) is READABLE_PX on the screen; 0 (no such floor)
   * for a page that opens its picture whole (a `minOpening` below the default).
   * @param {SVGSVGElement | null} [picture] the picture shown, or one to be
   * @returns {number}
   */
  readableScale(picture = this.picture) {
    if (!picture || this.minOpening < MIN_OPENING_SCALE) return 0;
    let smallest = Infinity;
    for (const label of picture.querySelectorAll("text.label, text.row-label")) {
      const size = Number(label.getAttribute("font-size"));
      if (size > 0) smallest = Math.min(smallest, size);
    }
    return Number.isFinite(smallest) ? Math.min(MAX_SCALE, READABLE_PX / smallest) : 0;
  }

  /**
   * Fits the whole picture to the box's width, as far as its labels stay readable
   * (`readableScale`): a wider tree scrolls at that scale.
   */
  fit() {
    this.set(Math.max(this.readableScale(), Math.min(this.fitScale(), 1.5)));
  }

  /**
   * Zooms by `factor` around a point of the box (its centre by default), so that what
   * is under that point stays there.
   * @param {number} factor
   * @param {number} [x] in px from the box's left edge
   * @param {number} [y] in px from the box's top edge
   */
  zoomBy(factor, x, y) {
    this.set(this.scale * factor, x, y);
  }

  /**
   * @param {number} scale
   * @param {number} [x]
   * @param {number} [y]
   */
  set(scale, x = this.viewport.clientWidth / 2, y = this.viewport.clientHeight / 2) {
    const next = Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
    const box = this.viewport;
    // The picture's point under (x, y), in the picture's own units.
    const px = (box.scrollLeft + x) / this.scale;
    const py = (box.scrollTop + y) / this.scale;
    this.scale = next;
    this.chosen = true;
    this.apply();
    box.scrollLeft = px * next - x;
    box.scrollTop = py * next - y;
  }

  /** @private */
  apply() {
    if (this.picture) {
      this.picture.style.width = `${Math.round(this.width * this.scale)}px`;
      this.picture.style.height = `${Math.round(this.height * this.scale)}px`;
    }
    this.changed(this.scale);
  }

  /** @private */
  listen() {
    const box = this.viewport;
    box.addEventListener(
      "wheel",
      (event) => {
        if (!event.ctrlKey && !event.metaKey) return;
        event.preventDefault();
        const rect = box.getBoundingClientRect();
        this.zoomBy(Math.exp(-event.deltaY / 300), event.clientX - rect.left, event.clientY - rect.top);
      },
      { passive: false },
    );
    box.addEventListener("pointerdown", (event) => {
      if (event.pointerType === "mouse" && event.button !== 0) return;
      this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      this.swallowClick = false;
      if (this.pointers.size === 2) {
        this.drag = null;
        this.pinch = { distance: this.spread(), scale: this.scale };
      } else if (this.pointers.size === 1) {
        this.drag = {
          x: event.clientX,
          y: event.clientY,
          left: box.scrollLeft,
          top: box.scrollTop,
          moved: false,
        };
      }
    });
    box.addEventListener("pointermove", (event) => {
      if (!this.pointers.has(event.pointerId)) return;
      this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (this.pinch && this.pointers.size >= 2) {
        const distance = this.spread();
        if (this.pinch.distance > 0 && distance > 0) {
          const rect = box.getBoundingClientRect();
          const [a, b] = [...this.pointers.values()];
          this.set(
            (this.pinch.scale * distance) / this.pinch.distance,
            (a.x + b.x) / 2 - rect.left,
            (a.y + b.y) / 2 - rect.top,
          );
        }
        this.swallowClick = true;
      } else if (this.drag) {
        const dx = event.clientX - this.drag.x;
        const dy = event.clientY - this.drag.y;
        if (!this.drag.moved && Math.hypot(dx, dy) < DRAG) return;
        if (!this.drag.moved) {
          this.drag.moved = true;
          try {
            box.setPointerCapture(event.pointerId);
          } catch {
            // A pointer the browser does not know (a synthetic one): drag without capture.
          }
        }
        box.scrollLeft = this.drag.left - dx;
        box.scrollTop = this.drag.top - dy;
        this.swallowClick = true;
      }
    });
    /** @param {PointerEvent} event */
    const up = (event) => {
      this.pointers.delete(event.pointerId);
      if (this.pointers.size < 2) this.pinch = null;
      if (this.pointers.size === 0) this.drag = null;
    };
    box.addEventListener("pointerup", up);
    box.addEventListener("pointercancel", up);
    // A drag or a pinch ends with a click on whatever is under the finger: not a choice.
    box.addEventListener(
      "click",
      (event) => {
        if (this.swallowClick) {
          event.stopPropagation();
          event.preventDefault();
          this.swallowClick = false;
        }
      },
      true,
    );
  }

  /** @private @returns {number} the distance between the first two pointers down */
  spread() {
    const [a, b] = [...this.pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  }
}
