// The frame every page shares: on a narrow screen (a phone) the settings fold away
// behind one button, so the board or the tree comes first. Importing this module sets
// it up for each `.controls` section of the page (the button's words come with the
// page's: `translatePage`, which startWords runs, says them if they were not loaded yet).

import { make } from "./dom.js";
import { isMessageId, t } from "./words.js";

/** The widest screen, in CSS pixels, that folds the settings (lab.css says the same). */
const NARROW = "(max-width: 720px)";

/** @type {{button: HTMLButtonElement, show: (open: boolean) => void}[]} each section's fold */
const folds = [];

/**
 * Folds the settings away on a narrow screen (a phone), as they start: once they have
 * done their work (a new exercise asked for), what they made comes first. The first
 * fold's button is brought into view, with what follows it.
 */
export function foldOnNarrow() {
  if (!window.matchMedia(NARROW).matches) return;
  for (const { show } of folds) show(false);
  const first = folds[0]?.button;
  if (first && first.getBoundingClientRect().top < 0) first.scrollIntoView({ block: "start" });
}

/**
 * Puts a fold button before a section of settings; on a narrow screen the section
 * starts folded.
 * @param {HTMLElement} section
 * @param {number} index
 */
function fold(section, index) {
  if (!section.id) section.id = index === 0 ? "controls" : `controls-${index + 1}`;
  const button = make("button", { className: "fold-toggle" });
  button.type = "button";
  button.setAttribute("aria-controls", section.id);
  /** @param {boolean} open */
  const show = (open) => {
    section.classList.toggle("folded", !open);
    button.setAttribute("aria-expanded", String(open));
    const id = open ? "controls.hide" : "controls.show";
    button.dataset.t = id;
    if (isMessageId(id)) button.textContent = t(id);
  };
  show(!window.matchMedia(NARROW).matches);
  button.addEventListener("click", () => show(section.classList.contains("folded")));
  section.before(button);
  folds.push({ button, show });
}

[...document.querySelectorAll(".controls")].forEach((section, index) => {
  if (section instanceof HTMLElement) fold(section, index);
});
