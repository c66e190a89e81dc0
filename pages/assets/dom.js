// Small typed helpers for the pages' elements: a page's script names its elements by id,
// and a missing or mistyped one is a mistake in the page, said at once.

/**
 * The element with this id, which must be of the given kind.
 * @template {HTMLElement} E
 * @param {string} id
 * @param {new () => E} kind such as HTMLInputElement
 * @returns {E}
 */
export function byId(id, kind) {
  const element = document.getElementById(id);
  if (!(element instanceof kind)) {
    throw new Error(`the page has no ${kind.name} #${id}`);
  }
  return element;
}

/**
 * A new element with a class and text.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {{className?: string, text?: string, id?: string}} [options]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function make(tag, options = {}) {
  const element = document.createElement(tag);
  if (options.className) element.className = options.className;
  if (options.id) element.id = options.id;
  if (options.text !== undefined) element.textContent = options.text;
  return element;
}
